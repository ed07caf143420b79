// `npm test`: every layer of checks, one after another, then one summary line
// "N passed, N failed" (DESIGN §10). A layer never skips silently: a layer that
// cannot run (missing PostgreSQL or Chromium that cannot be installed) fails.
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
import { spawnSync } from "node:child_process";
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

/** @param {string} project @param {string} label */
function vitest(project, label) {
  const out = `test-results/vitest-${project}.json`;
  fs.rmSync(out, { force: true });
  console.log(`\n=== ${label}: vitest --project ${project}`);
  const { ok, seconds } = run("npx", ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`]);
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

function playwright() {
  const out = "test-results/playwright.json";
  fs.rmSync(out, { force: true });
  console.log("\n=== e2e: playwright test");
  // The build step above made build/ from this tree: no second build.
  const built = layers.some((l) => l.name === "build" && l.failed === 0);
  if (built) process.env.E2E_SKIP_BUILD = "1";
  const { ok, seconds } = run("npx", ["playwright", "test"]);
  if (!fs.existsSync(out)) {
    layers.push({ name: "e2e (Playwright, Chromium)", passed: 0, failed: 1, skipped: 0, seconds, note: "did not run (see output above)" });
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  const { stats } = report;
  const failed = stats.unexpected + stats.flaky + (ok || stats.unexpected > 0 ? 0 : 1);
  layers.push({ name: "e2e (Playwright, Chromium)", passed: stats.expected, failed, skipped: stats.skipped, seconds, failures: playwrightFailures(report) });
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
if (want("pglite")) vitest("pglite", "database suite on PGlite");
if (want("postgres")) vitest("postgres", "database suite on PostgreSQL");
if (want("robustness")) {
  vitest("robustness-pglite", "generated input on PGlite");
  vitest("robustness-postgres", "generated input on PostgreSQL");
}
if (want("deploy")) vitest("deploy", "self-hosting kit (Dockerfile replay, compose, systemd)");
if (want("e2e")) playwright();

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
