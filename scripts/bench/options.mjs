/**
 * The benchmarks' command line: a table from each flag to what it does,
 * which reads the flag's value with the readers it is given; -h/--help
 * prints the header comment of the benchmark's file and exits; a flag not in
 * the table is an error.
 */
import fs from "node:fs";

/**
 * @typedef {object} Reader
 * @property {() => string} value The flag's value (the next argument).
 * @property {(min?: number, max?: number) => number} whole The value as a whole number in [min, max].
 * @property {() => string} postgresUrl The value as a postgres:// URL.
 * @property {() => string[]} list The value as a comma-separated list (items trimmed, empty ones dropped).
 */

/**
 * @param {string[]} argv
 * @param {string} fileUrl the benchmark's import.meta.url
 * @param {(read: Reader) => Record<string, () => unknown>} table
 */
export function readOptions(argv, fileUrl, table) {
  let i = 0;
  let flag = "";
  const value = () => {
    const v = argv[++i];
    if (v === undefined) throw new Error(`${flag} needs a value`);
    return v;
  };
  /** @type {Reader} */
  const read = {
    value,
    whole(min = 0, max = Infinity) {
      const v = value();
      const n = Number(v);
      const range = max === Infinity ? "" : ` from ${min} to ${max}`;
      if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${flag} needs a whole number${range}, got ${v}`);
      return n;
    },
    list() {
      return value()
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
    },
    postgresUrl() {
      const v = value();
      if (!/^postgres(ql)?:\/\//.test(v)) throw new Error(`${flag} needs a postgres:// URL`);
      return v;
    },
  };
  const actions = table(read);
  for (; i < argv.length; i++) {
    flag = argv[i] ?? "";
    if (flag === "-h" || flag === "--help") {
      console.log(
        fs
          .readFileSync(new URL(fileUrl), "utf8")
          .split("*/")[0]
          ?.replace(/^\/\*\*?|^ \* ?/gm, ""),
      );
      process.exit(0);
    }
    const action = Object.hasOwn(actions, flag) ? actions[flag] : undefined;
    if (!action) throw new Error(`Unknown option ${flag} (see --help)`);
    action();
  }
}

/** A --url option's value: a server on this machine only. */
export function localUrl(/** @type {string} */ url) {
  const trimmed = url.replace(/\/+$/, "");
  const host = new URL(trimmed).hostname;
  if (host !== "127.0.0.1" && host !== "localhost") throw new Error("--url must point at 127.0.0.1 (or localhost)");
  return trimmed;
}
