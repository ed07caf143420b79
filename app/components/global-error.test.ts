import { describe, expect, it } from "vitest";
import { isAppError } from "./global-error";

describe("what shows the global error screen", () => {
  it("an Error thrown or rejected by the page's code", () => {
    expect(isAppError(new Error("boom"), "http://127.0.0.1:9000/assets/home-abc.js")).toBe(true);
    expect(isAppError(new TypeError("x is undefined"), "")).toBe(true);
  });

  it("not a failed resource load, a non-Error value, an aborted request or an extension's error", () => {
    expect(isAppError(null, "")).toBe(false);
    expect(isAppError("a thrown string", "")).toBe(false);
    expect(isAppError(undefined, "")).toBe(false);
    expect(isAppError(new DOMException("The operation was aborted.", "AbortError"), "")).toBe(false);
    expect(isAppError(new Error("boom"), "chrome-extension://abcdef/content.js")).toBe(false);
    const fromExtension = new Error("boom");
    fromExtension.stack = "Error: boom\n    at run (moz-extension://1234/inject.js:1:5)";
    expect(isAppError(fromExtension, "")).toBe(false);
  });
});
