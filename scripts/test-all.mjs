// `npm test`: every layer of checks, then one summary line "N passed, N
// failed" (DESIGN §10). The layers run one after another, except the four
// database layers: their PGlite side and their PostgreSQL side run at the same
// time, as two lanes (pglite → robustness-pglite ‖ postgres →
// robustness-postgres → deploy), and the end-to-end layer joins them once
// both database suites have ended; each of these layers' output is printed
// whole when it ends. A layer never skips silently: a layer that cannot run
// (missing PostgreSQL or Chromium that cannot be installed) fails.
//
//   typecheck   react-router typegen + tsc --noEmit          (1 check)
//   lint        eslint                                        (1 check)
//   format      prettier --check (npm run format fixes)       (1 check)
//   layers      dependency-cruiser: docs/architecture.md's
//               layer rules (.dependency-cruiser.cjs)          (1 check)
//   build       the production build, once (1 check): the server tests
//               start it and the e2e tests run against it, so they never
//               race to rebuild build/ at the same time
//   unit        Vitest, pure code
//   pglite      Vitest, the database suite on embedded PGlite
//   postgres    Vitest, the same suite on a throwaway PostgreSQL on 127.0.0.1
//   robustness  Vitest, generated-input tests (fast-check, tests/robustness):
//               thousands of requests per endpoint family against the built
//               server, on PGlite and on PostgreSQL (its own layer: it takes
//               minutes, the database suite stays quick)
//   deploy      Vitest, the self-hosting kit (tests/deploy): the Dockerfile's
//               steps replayed in a clean folder, compose and .env.example
//               against the configuration schema, the systemd unit verified
//   e2e         Playwright in Debian's Chromium against the production build
//
// Run through npm (`npm test`), it runs on the project's pinned Node (the
// `node` devDependency, docs/decisions/0020-pinned-node-from-npm.md), and so
// does every layer it starts; the first line says which Node that is.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
fs.mkdirSync("test-results", { recursive: true });
const only = process.argv.slice(2);
console.log(`npm test on Node ${process.version} (${process.execPath})`);

/** @typedef {{ name: string, passed: number, failed: number, skipped: number, seconds: number, note?: string, failures?: string[] }} Layer */
/** @type {Layer[]} */
const layers = [];

/** @param {string} command @param {string[]} args */
function run(command, args) {
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  return { ok: result.status === 0, seconds: (performance.now() - started) / 1000 };
}

/** @param {string} name @param {string} command @param {string[]} args */
function check(name, command, args) {
  console.log(`\n=== ${name}: ${command} ${args.join(" ")}`);
  const { ok, seconds } = run(command, args);
  layers.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, seconds });
}

/** @param {string} project */
function vitestArgs(project) {
  return ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=test-results/vitest-${project}.json`];
}

/** @param {string} project @param {string} label */
function vitest(project, label) {
  fs.rmSync(`test-results/vitest-${project}.json`, { force: true });
  console.log(`\n=== ${label}: vitest --project ${project}`);
  record(project, label, run("npx", vitestArgs(project)));
}

/** Resolved when every lane's first layer (the database suites) has ended: the end-to-end layer joins the lanes then. */
let firstLayersEnded = () => {};
const databaseSuitesEnded = new Promise((resolve) => (firstLayersEnded = () => resolve(undefined)));

/**
 * Lanes of Vitest layers: the lanes at the same time, each lane's layers one
 * after another. A layer's output goes to test-results/vitest-<project>.log
 * and is printed whole when the layer ends, so layers never interleave.
 * @param {{ group: string, project: string, label: string }[][]} lanes
 */
async function vitestLanes(lanes) {
  // One lane (e.g. `npm test -- pglite robustness`): one layer after another, output as it comes.
  if (lanes.length === 1) {
    for (const { project, label } of lanes[0] ?? []) vitest(project, label);
    return;
  }
  if (lanes.length === 0) return;
  console.log(`\n=== at the same time: ${lanes.map((lane) => lane.map((l) => l.label).join(" → ")).join("  ‖  ")}`);
  /** @type {Map<string, { ok: boolean, seconds: number }>} */
  const results = new Map();
  let firstLayersLeft = lanes.length;
  await Promise.all(
    lanes.map(async (lane) => {
      for (const [i, { project, label }] of lane.entries()) {
        fs.rmSync(`test-results/vitest-${project}.json`, { force: true });
        const log = `test-results/vitest-${project}.log`;
        console.log(`--- started: ${label} (vitest --project ${project}; its output is printed when it ends)`);
        const result = await runLogged("npx", vitestArgs(project), log);
        console.log(`\n=== ${label}: vitest --project ${project} (${result.seconds.toFixed(1)} s, alongside the other lane)`);
        printLog(log);
        results.set(project, result);
        if (i === 0 && --firstLayersLeft === 0) firstLayersEnded();
      }
    }),
  );
  // The summary keeps the usual order (each lane's first layer, then each one's second), whichever lane ended first.
  const longest = Math.max(...lanes.map((lane) => lane.length));
  for (let i = 0; i < longest; i++)
    for (const lane of lanes) {
      const layer = lane[i];
      if (layer) record(layer.project, layer.label, /** @type {{ ok: boolean, seconds: number }} */ (results.get(layer.project)));
    }
}

/** A layer's output, printed when it ends; a missing file is said, not thrown (the summary still comes). @param {string} file */
function printLog(file) {
  try {
    process.stdout.write(fs.readFileSync(file, "utf8"));
  } catch (error) {
    console.log(`(its output could not be read: ${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Like run(), without waiting: stdout and stderr go to `logFile`. @param {string} command @param {string[]} args @param {string} logFile */
function runLogged(command, args, logFile) {
  const started = performance.now();
  const fd = fs.openSync(logFile, "w");
  const child = spawn(command, args, { stdio: ["ignore", fd, fd], env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: "1" } : {}) } });
  fs.closeSync(fd);
  return new Promise((resolve) => {
    child.on("error", (error) => {
      fs.appendFileSync(logFile, `${error.message}\n`);
      resolve({ ok: false, seconds: (performance.now() - started) / 1000 });
    });
    child.on("close", (code) => resolve({ ok: code === 0, seconds: (performance.now() - started) / 1000 }));
  });
}

/** A Vitest layer's counts, from its JSON report. @param {string} project @param {string} label @param {{ ok: boolean, seconds: number }} result */
function record(project, label, { ok, seconds }) {
  const out = `test-results/vitest-${project}.json`;
  if (!fs.existsSync(out)) {
    layers.push({ name: label, passed: 0, failed: 1, skipped: 0, seconds, note: "did not run (see output above)" });
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  const failed = report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1);
  /** @type {string[]} */
  const failures = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    for (const t of file.assertionResults ?? []) if (t.status === "failed") failures.push(`${where} › ${t.fullName}`);
    // A file that fails before its tests run (an import error, a hook) has no failed test of its own.
    if (file.status === "failed" && !(file.assertionResults ?? []).some((/** @type {{ status: string }} */ t) => t.status === "failed"))
      failures.push(`${where}: ${firstLine(file.message)}`);
  }
  layers.push({ name: label, passed: report.numPassedTests, failed, skipped: report.numPendingTests + report.numTodoTests, seconds, failures });
}

/**
 * The end-to-end layer. `alongside`: it runs while Vitest lanes run, so its
 * output goes to test-results/playwright.log and is printed whole when it ends.
 * @param {boolean} alongside
 * @returns {Promise<Layer>}
 */
async function playwright(alongside) {
  const out = "test-results/playwright.json";
  fs.rmSync(out, { force: true });
  // The build step above made build/ from this tree: no second build.
  const built = layers.some((l) => l.name === "build" && l.failed === 0);
  if (built) process.env.E2E_SKIP_BUILD = "1";
  let result;
  if (alongside) {
    console.log("--- started: e2e (playwright test; its output is printed when it ends)");
    result = await runLogged("npx", ["playwright", "test"], "test-results/playwright.log");
    console.log(`\n=== e2e: playwright test (${result.seconds.toFixed(1)} s, alongside the database lanes)`);
    printLog("test-results/playwright.log");
  } else {
    console.log("\n=== e2e: playwright test");
    result = run("npx", ["playwright", "test"]);
  }
  const { ok, seconds } = result;
  if (!fs.existsSync(out)) return { name: "e2e (Playwright, Chromium)", passed: 0, failed: 1, skipped: 0, seconds, note: "did not run (see output above)" };
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  const { stats } = report;
  const failed = stats.unexpected + stats.flaky + (ok || stats.unexpected > 0 ? 0 : 1);
  return { name: "e2e (Playwright, Chromium)", passed: stats.expected, failed, skipped: stats.skipped, seconds, failures: playwrightFailures(report) };
}

/** The titles of the tests that failed or needed a retry, from Playwright's JSON report. @param {any} report */
function playwrightFailures(report) {
  /** @type {string[]} */
  const found = [];
  /** @param {any} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected" || test.status === "flaky") found.push(`[${test.projectName}] ${[...here, spec.title].join(" › ")} (${test.status})`);
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return found;
}

/** @param {unknown} text */
function firstLine(text) {
  return (String(text ?? "").split("\n")[0] ?? "").slice(0, 200);
}

const want = (/** @type {string} */ name) => only.length === 0 || only.includes(name);
if (want("typecheck")) check("typecheck", "npm", ["run", "--silent", "typecheck"]);
if (want("lint")) check("lint", "npm", ["run", "--silent", "lint"]);
if (want("format")) check("format", "npm", ["run", "--silent", "format:check"]);
if (want("layers")) check("layers", "npm", ["run", "--silent", "lint:layers"]);
if (want("build") || want("pglite") || want("postgres") || want("robustness") || want("e2e")) check("build", "npm", ["run", "--silent", "build"]);
if (want("unit")) vitest("unit", "unit tests");
// The database layers wait on servers, PostgreSQL and timers much of the
// time (each runs as many files at once as there are cores: vitest.config.ts).
// The PGlite and the PostgreSQL side run at the same time, each in its
// own lane (the PostgreSQL projects' servers take other ports: vitest.config.ts).
// The PostgreSQL lane ends first: the self-hosting kit (ports 9420–9429) follows it.
// The end-to-end layer keeps both cores busy on its own: it joins once both
// database suites have ended, while the generated-input layers (which mostly
// wait on their servers) and the self-hosting kit still run (its servers take
// ports 9210–9213, none of theirs: playwright.config.ts). Joining earlier, beside
// a database suite, slowed that suite threefold and ended later overall.
const lanes = [
  [
    { group: "pglite", project: "pglite", label: "database suite on PGlite" },
    { group: "robustness", project: "robustness-pglite", label: "generated input on PGlite" },
  ],
  [
    { group: "postgres", project: "postgres", label: "database suite on PostgreSQL" },
    { group: "robustness", project: "robustness-postgres", label: "generated input on PostgreSQL" },
    { group: "deploy", project: "deploy", label: "self-hosting kit (Dockerfile replay, compose, systemd)" },
  ],
]
  .map((lane) => lane.filter((l) => want(l.group)))
  .filter((lane) => lane.length > 0);
const e2eAlongside = want("e2e") && lanes.length > 1;
const e2e = e2eAlongside ? databaseSuitesEnded.then(() => playwright(true)) : undefined;
await vitestLanes(lanes);
if (e2e) layers.push(await e2e);
else if (want("e2e")) layers.push(await playwright(false));

const total = layers.reduce((acc, l) => ({ passed: acc.passed + l.passed, failed: acc.failed + l.failed, skipped: acc.skipped + l.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log("\n=== Summary");
for (const l of layers) {
  const skipped = l.skipped ? `, ${l.skipped} skipped` : "";
  console.log(
    `  ${l.name.padEnd(32)} ${String(l.passed).padStart(4)} passed, ${l.failed} failed${skipped}  (${l.seconds.toFixed(1)} s)${l.note ? `  ${l.note}` : ""}`,
  );
  // Named here, beside the counts, so a failure can be found when only the end of the log is kept.
  for (const failure of l.failures ?? []) console.log(`      ✗ ${failure}`);
}
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exit(total.failed > 0 ? 1 : 0);
