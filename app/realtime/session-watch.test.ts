import { describe, expect, it } from "vitest";
import { watchSession } from "./session-watch.server";

// A well-formed token nobody holds (the watch only reads the database in its periodic fallback).
const TOKEN = "A".repeat(43);

describe("session watch (issue 17: a session ends its channels and streams at once)", () => {
  it("ends at the session's expiry, once", async () => {
    let ended = 0;
    const started = Date.now();
    await new Promise<void>((resolve) =>
      watchSession(TOKEN, new Date(started + 50), () => {
        ended++;
        resolve();
      }),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    await new Promise((r) => setTimeout(r, 100));
    expect(ended).toBe(1);
  });

  it("an already expired session ends at once; a stopped watch never ends", async () => {
    let ended = 0;
    watchSession(TOKEN, new Date(Date.now() - 1), () => ended++);
    expect(ended).toBe(1);
    const stop = watchSession(TOKEN, new Date(Date.now() + 50), () => ended++);
    stop();
    await new Promise((r) => setTimeout(r, 200));
    expect(ended).toBe(1);
  });
});
