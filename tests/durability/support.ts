/**
 * Helpers of the durability tests: temporary data folders and child programs
 * run with tsx (which resolves the `~/` alias through tsconfig). Every child
 * is remembered so that `killAllChildren()` (in afterAll) never leaves one
 * behind, even when a test fails half-way.
 *
 * Children run as `node --import tsx script.ts`, not through the `tsx` command:
 * that command is a wrapper process that starts node as its own child, so a
 * SIGKILL sent to it would leave the real program running, orphaned.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

export const ROOT = process.cwd();
export const HERE = path.join(ROOT, "tests", "durability");

const tempDirs: string[] = [];

export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `durability-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDirs() {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export interface Child {
  proc: ChildProcessWithoutNullStreams;
  /** Complete stdout lines received so far. */
  lines: string[];
  stderr: () => string;
  /** Resolves when the process has exited and its stdout has been read to the end. */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves when `lines.length >= count`; rejects if the child ends first or on timeout. */
  waitForLines(count: number, timeoutMs: number): Promise<void>;
}

const children = new Set<ChildProcessWithoutNullStreams>();

export function isAlive(proc: ChildProcessWithoutNullStreams) {
  return proc.exitCode === null && proc.signalCode === null;
}

/** Runs `node --import tsx <script> ...args` in the project root; `proc.pid` is the program itself. */
export function spawnTsx(script: string, args: string[]): Child {
  const proc = spawn(process.execPath, ["--import", "tsx", path.join(HERE, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.add(proc);
  const lines: string[] = [];
  let err = "";
  proc.stderr.setEncoding("utf8");
  proc.stderr.on("data", (chunk: string) => {
    err += chunk;
  });
  const rl = readline.createInterface({ input: proc.stdout, crlfDelay: Infinity });
  const listeners = new Set<() => void>();
  rl.on("line", (line) => {
    lines.push(line);
    for (const l of listeners) l();
  });
  const rlClosed = new Promise<void>((resolve) => rl.once("close", () => resolve()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once("close", (code, signal) => resolve({ code, signal })),
  );
  const closed = Promise.all([exited, rlClosed]).then(([status]) => {
    children.delete(proc);
    for (const l of listeners) l();
    return status;
  });

  function waitForLines(count: number, timeoutMs: number) {
    return new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (lines.length >= count) done();
        else if (!isAlive(proc)) done(new Error(`${script} ended after ${lines.length}/${count} lines:\n${err}`));
      };
      const timer = setTimeout(() => done(new Error(`${script}: only ${lines.length}/${count} lines after ${timeoutMs} ms:\n${err}`)), timeoutMs);
      listeners.add(check);
      check();
    });
  }

  return { proc, lines, stderr: () => err, closed, waitForLines };
}

/** SIGKILL for every child still running (afterAll). */
export async function killAllChildren() {
  const waits: Promise<unknown>[] = [];
  for (const proc of children) {
    if (isAlive(proc)) {
      waits.push(new Promise((resolve) => proc.once("close", resolve)));
      proc.kill("SIGKILL");
    }
  }
  children.clear();
  await Promise.all(waits);
}
