// How much memory one server process may use (SERVER_MEMORY_MB, default 512:
// a 1 GB server), turned into the Node/V8 flags that keep it there
// (decision 0034). V8 takes these flags only on its command line (not from
// NODE_OPTIONS, not once running), so server/main.js restarts itself with
// them in the same process (process.execve) before it loads anything.
//
// What the measurements behind the figures showed (docs/benchmarks.md,
// "Memory"): with V8's defaults the server held 400–600 MB after start and
// under load while its live JavaScript was ~45 MB (the young generation grew
// to 128 MB and the old one to 140 MB of garbage before collecting), and the
// embedded database's first busy second cost 450–600 MB more, once: V8's
// optimizing compiler needs that much to compile PostgreSQL's expression
// evaluator (one WebAssembly function of 105 KB). Below 1 GB, the embedded
// database's WebAssembly stays on V8's baseline compiler (`--liftoff-only`):
// its queries cost 20–25 % more CPU, the peak falls by half.

/** The default budget: a 1 GB server (the operating system and nginx need the rest). */
export const DEFAULT_MEMORY_MB = 512;
export const MIN_MEMORY_MB = 256;
export const MAX_MEMORY_MB = 65536;
/** From this budget on, the optimizing compiler's one-off ~600 MB fits beside everything else. */
export const OPTIMIZING_WASM_FROM_MB = 1024;

/**
 * SERVER_MEMORY_MB as a number, or undefined when it is not a whole number in
 * range (the configuration check at start-up then says so: app/platform/env.server.ts).
 * @param {string | undefined} value
 * @returns {number | undefined}
 */
export function memoryBudgetMb(value) {
  const text = (value ?? "").trim();
  if (text === "") return DEFAULT_MEMORY_MB;
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= MIN_MEMORY_MB && n <= MAX_MEMORY_MB ? n : undefined;
}

/**
 * The V8 flags for this environment's budget, leaving out any the command
 * line or NODE_OPTIONS already sets (the operator's own choice wins).
 * @param {NodeJS.ProcessEnv} env
 * @param {readonly string[]} execArgv the flags this process was started with
 * @returns {string[]} empty when nothing needs to be added
 */
export function nodeFlagsFor(env, execArgv) {
  const budget = memoryBudgetMb(env.SERVER_MEMORY_MB);
  if (budget === undefined) return [];
  const embedded = (env.DATABASE_URL ?? "").trim() === "";
  const wanted = [
    // The old generation holds what lives (~45 MB at 200 listings; the caches
    // bounded in bytes): a quarter of the budget, collected before it grows further.
    `--max-old-space-size=${Math.round(budget / 4)}`,
    // The young generation is three semi-spaces: 8 MB each at 512 MB, 32 at 2 GB.
    `--max-semi-space-size=${Math.min(32, Math.max(4, Math.round(budget / 64)))}`,
  ];
  if (embedded && budget < OPTIMIZING_WASM_FROM_MB) wanted.push("--liftoff-only");
  /** A flag's name, spelled with dashes (V8 takes underscores too). */
  const nameOf = (/** @type {string} */ flag) => (flag.split("=")[0] ?? "").replaceAll("_", "-");
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? "").split(/\s+/)].map(nameOf);
  return wanted.filter((flag) => !given.includes(nameOf(flag)));
}
