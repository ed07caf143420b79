/**
 * The benchmarks' command line: each flag is handed to `handle` with
 * readers for its value; -h/--help prints the header comment of the
 * benchmark's file and exits; a flag `handle` does not take (it returns
 * false) is an error.
 */
import fs from "node:fs";

/**
 * @typedef {object} Reader
 * @property {() => string} value The flag's value (the next argument).
 * @property {(min?: number, max?: number) => number} whole The value as a whole number in [min, max].
 * @property {() => string} postgresUrl The value as a postgres:// URL.
 */

/**
 * @param {string[]} argv
 * @param {string} fileUrl the benchmark's import.meta.url
 * @param {(flag: string, read: Reader) => boolean | void} handle
 */
export function readOptions(argv, fileUrl, handle) {
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] ?? "";
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    const whole = (min = 0, max = Infinity) => {
      const v = value();
      const n = Number(v);
      const range = max === Infinity ? "" : ` from ${min} to ${max}`;
      if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${flag} needs a whole number${range}, got ${v}`);
      return n;
    };
    const postgresUrl = () => {
      const v = value();
      if (!/^postgres(ql)?:\/\//.test(v)) throw new Error(`${flag} needs a postgres:// URL`);
      return v;
    };
    if (flag === "-h" || flag === "--help") {
      console.log(
        fs
          .readFileSync(new URL(fileUrl), "utf8")
          .split("*/")[0]
          ?.replace(/^\/\*\*?|^ \* ?/gm, ""),
      );
      process.exit(0);
    }
    if (handle(flag, { value, whole, postgresUrl }) === false) throw new Error(`Unknown option ${flag} (see --help)`);
  }
}

/** A --url option's value: a server on this machine only. */
export function localUrl(/** @type {string} */ url) {
  const trimmed = url.replace(/\/+$/, "");
  const host = new URL(trimmed).hostname;
  if (host !== "127.0.0.1" && host !== "localhost") throw new Error("--url must point at 127.0.0.1 (or localhost)");
  return trimmed;
}
