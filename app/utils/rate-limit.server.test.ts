import { expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.server";

it("allows `limit` attempts per window and key, then refuses until the window passes", () => {
  const limiter = new RateLimiter(2, 1000);
  expect(limiter.attempt("a", 0)).toBe(true);
  expect(limiter.attempt("a", 10)).toBe(true);
  expect(limiter.attempt("a", 20)).toBe(false);
  expect(limiter.attempt("b", 20)).toBe(true);
  expect(limiter.attempt("a", 1005)).toBe(true);
  expect(limiter.attempt("a", 1011)).toBe(true);
  expect(limiter.attempt("a", 1012)).toBe(false);
});

it("release gives back the latest attempt of that key only", () => {
  const limiter = new RateLimiter(1, 1000);
  expect(limiter.attempt("a", 0)).toBe(true);
  limiter.release("a");
  expect(limiter.attempt("a", 1)).toBe(true);
  expect(limiter.attempt("a", 2)).toBe(false);
  limiter.release("b");
  expect(limiter.attempt("b", 3)).toBe(true);
});
