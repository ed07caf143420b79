import { configDefaults, defineConfig } from "vitest/config";

/**
 * Three projects: pure unit tests, and the database suite (*.db.test.ts) run
 * twice — on embedded PGlite and on a real PostgreSQL cluster that the global
 * setup starts on 127.0.0.1 (DESIGN §10). Two more run the generated-input
 * layer (tests/robustness, issue 17) on each database: thousands of requests
 * against the built server, kept out of the database suite's time. One more
 * checks the self-hosting kit (deploy/, tests/deploy).
 */
const dbTests = ["app/**/*.db.test.ts", "scripts/**/*.db.test.ts", "tests/**/*.db.test.ts"];
const robustnessTests = ["tests/robustness/**/*.robust.test.ts"];
// Tests of the embedded database itself (files on disk, locks, crashes): PGlite project only.
const pgliteOnlyTests = ["app/**/*.pglite.test.ts", "scripts/**/*.pglite.test.ts", "tests/**/*.pglite.test.ts"];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    setupFiles: ["tests/support/i18n-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...dbTests, ...pgliteOnlyTests],
        },
      },
      {
        extends: true,
        test: {
          name: "pglite",
          include: [...dbTests, ...pgliteOnlyTests],
          env: { TEST_DB: "pglite" },
          globalSetup: ["tests/support/pglite-global-setup.ts"],
          // A file as many at once as there are cores (Vitest's default is one fewer: one at a time on two cores).
          // The files wait on their servers and timers much of the time; each has ports and a data folder of its own.
          maxWorkers: "100%",
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: dbTests,
          // Run at the same time as the pglite project (scripts/test-all.mjs): its servers take ports 1000 higher.
          env: { TEST_DB: "postgres", TEST_PORT_OFFSET: "1000" },
          globalSetup: ["tests/support/postgres-global-setup.ts"],
          maxWorkers: "100%",
        },
      },
      // The self-hosting kit (deploy/): the Dockerfile replayed (a build, a
      // production install and one server start: about a minute), the compose
      // file against the configuration schema, the systemd unit.
      { extends: true, test: { name: "deploy", include: ["tests/deploy/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 300_000 } },
      // One file at a time: each starts a server and keeps it busy.
      {
        extends: true,
        test: {
          name: "robustness-pglite",
          include: robustnessTests,
          env: { TEST_DB: "pglite" },
          globalSetup: ["tests/support/pglite-global-setup.ts"],
          testTimeout: 600_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "robustness-postgres",
          include: robustnessTests,
          env: { TEST_DB: "postgres", TEST_PORT_OFFSET: "1000" },
          globalSetup: ["tests/support/postgres-global-setup.ts"],
          testTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
