/**
 * One wrk run for the benchmarks (throughput.mjs, uncached.mjs): started
 * asynchronously — a benchmark that reads the server's output must keep its
 * event loop free meanwhile — and its report read back.
 */
import { spawn } from "node:child_process";

/**
 * Runs `wrk` with `args` (its run lasting `duration` seconds) and resolves to
 * its report: the text, a number read by a pattern, and the socket errors in all.
 * @param {string[]} args
 * @param {number} duration
 */
export async function runWrk(args, duration) {
  const wrk = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"], timeout: (duration + 30) * 1000 });
  let out = "";
  let err = "";
  wrk.stdout.on("data", (d) => (out += d));
  wrk.stderr.on("data", (d) => (err += d));
  const status = await new Promise((resolve) => wrk.once("close", resolve));
  if (status !== 0) throw new Error(`wrk failed: ${err}`);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    out,
    /** The first group of `re` in the report as a number (NaN when absent). */
    num: (/** @type {RegExp} */ re) => Number(re.exec(out)?.[1] ?? NaN),
    /** Connect, read, write and timeout errors together (0 when wrk printed none). */
    socketErrors: errors ? errors.slice(1).reduce((n, x) => n + Number(x), 0) : 0,
  };
}
