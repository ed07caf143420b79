import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { sameOriginWrites } from "./same-origin";

function run(method: string, headers: Record<string, string>) {
  const check = sameOriginWrites("https://sea.example");
  const req = { method, protocol: "http", get: (name: string) => headers[name.toLowerCase()] } as unknown as Request;
  let status = 0;
  let passed = false;
  const res = {
    status(code: number) {
      status = code;
      return this;
    },
    set() {
      return this;
    },
    type() {
      return this;
    },
    send() {
      return this;
    },
  } as unknown as Response;
  check(req, res, () => {
    passed = true;
  });
  return passed ? "passed" : status;
}

describe("cross-site writes", () => {
  it("lets reads through whatever their origin", () => {
    expect(run("GET", { origin: "https://evil.example", "sec-fetch-site": "cross-site" })).toBe("passed");
  });

  it("lets same-origin writes through: the public address or the host the browser used", () => {
    expect(run("POST", { origin: "https://sea.example", "sec-fetch-site": "same-origin", host: "127.0.0.1:3000" })).toBe("passed");
    expect(run("POST", { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" })).toBe("passed");
    // Non-browser clients send neither header.
    expect(run("DELETE", { host: "127.0.0.1:3000" })).toBe("passed");
  });

  it("refuses writes from another site with 403", () => {
    expect(run("POST", { origin: "https://evil.example", host: "sea.example" })).toBe(403);
    expect(run("PATCH", { "sec-fetch-site": "cross-site", host: "sea.example" })).toBe(403);
    expect(run("POST", { origin: "null", host: "sea.example" })).toBe(403);
  });
});
