import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { log, loggedPath, prettyLine, setLogDestinationForTests, setLogLevel } from "~/platform/log.server";

describe("log lines", () => {
  it("the development format is one readable line with the fields after the message", () => {
    const line = prettyLine(JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 2, 3, 4, 5, 6), reqId: "abc", method: "GET", status: 200, msg: "request" }));
    expect(line).toBe("03:04:05.006 INFO  request  reqId=abc method=GET status=200\n");
    const error = prettyLine(JSON.stringify({ level: 50, time: 0, msg: "failed", err: { message: "boom", stack: "Error: boom\n    at x" } }));
    expect(error).toContain("ERROR failed");
    expect(error).toContain("\nError: boom\n    at x");
  });

  it("a logged path has no query, no fragment, no e-mail address, and a bounded length", () => {
    expect(loggedPath("/catalog?q=секрет&email=a%40b.c")).toBe("/catalog");
    expect(loggedPath("/x#frag")).toBe("/x");
    // Link tokens of alert mails, in every language and as .data requests: the route's pattern only (issue 30).
    const token = "Ab3_-".repeat(8) + "xyz";
    expect(loggedPath(`/alerts/confirm/${token}`)).toBe("/alerts/confirm/:token");
    expect(loggedPath(`/bg/alerts/unsubscribe/${token}.data?_routes=x`)).toBe("/bg/alerts/unsubscribe/:token");
    expect(loggedPath(`/alerts/unsubscribe/${token}/extra`)).toBe("/alerts/unsubscribe/:token/extra");
    expect(loggedPath(`/feeds/listings.csv?token=${token}`)).toBe("/feeds/listings.csv");
    expect(loggedPath("/users/ivan@example.com/profile")).toBe("/users/[email]/profile");
    expect(loggedPath("/users/ivan%40example.com")).toBe("/users/[email]");
    expect(loggedPath(`/${"a".repeat(500)}`).length).toBeLessThanOrEqual(201);
  });

  describe("levels", () => {
    afterEach(() => {
      setLogLevel("info");
      setLogDestinationForTests(null);
    });

    it("start-up and shutdown lines are written whatever LOG_LEVEL says (except silent); other info lines follow it", () => {
      const lines: string[] = [];
      setLogLevel("error");
      setLogDestinationForTests((line) => lines.push(line));
      log.info("a request detail");
      log.lifecycle("Listening on http://localhost:9000");
      log.info("another detail");
      log.error("a failure");
      expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(["Listening on http://localhost:9000", "a failure"]);
      setLogLevel("silent");
      log.lifecycle("Stopped.");
      expect(lines).toHaveLength(2);
    });
  });

  // Issue 32: lines are buffered and written asynchronously; what is still in the buffer is written at the exit.
  describe("buffered lines at the exit", () => {
    const run = (ending: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-log-"));
      const script = path.join(dir, "script.mts");
      fs.writeFileSync(
        script,
        `import { log } from ${JSON.stringify(path.resolve("app/platform/log.server.ts"))};
for (let n = 0; n < 5; n++) log.fields("info", { n }, "request");
${ending}`,
      );
      try {
        return spawnSync(path.resolve("node_modules/.bin/tsx"), [script], {
          encoding: "utf8",
          env: { ...process.env, LOG_LEVEL: "info", LOG_FORMAT: "json", NODE_ENV: "production" },
        });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    const requests = (stdout: string) =>
      stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => (JSON.parse(line) as { n?: number }).n)
        .filter((n) => n !== undefined);

    it("process.exit right after the last lines: all of them are written", () => {
      const result = run("process.exit(0);");
      expect(result.status).toBe(0);
      expect(requests(result.stdout)).toEqual([0, 1, 2, 3, 4]);
    });

    it("a crash (an uncaught error) right after them: they are written too", () => {
      const result = run(`throw new Error("crash");`);
      expect(result.status).toBe(1);
      expect(requests(result.stdout)).toEqual([0, 1, 2, 3, 4]);
    });
  });
});
