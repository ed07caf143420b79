// The supervisor of several web server processes (SERVER_PROCESSES > 1, only
// with PostgreSQL): one Node process per CPU serves twice the cached pages a
// single process can on a 2-CPU server (docs/decisions/0015).
//
// The supervisor itself serves no request. It opens the database once to run
// the migrations, create the first administrator and keep the maintenance
// tick (sessions, orphaned uploads), which must run once per site, then forks
// the web server processes: node:cluster shares the port between them. They
// keep in step through the database alone (content version, NOTIFY feed,
// rate limits), so any number of copies on other machines would too.
//
// A process that dies after the site came up is started again (after 1 s,
// doubling to 30 s while it keeps dying within 10 s of its start); one that
// dies before every process listened stops the site, since a bad port or
// configuration would only fail again. SIGTERM/SIGINT are passed on, and the
// supervisor closes the database once every process has finished.
import cluster from "node:cluster";

const QUICK_EXIT_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** Processes still running this long after SIGTERM are killed (each finishes or cuts its requests within 10 s). */
const STOP_TIMEOUT_MS = 15_000;

/** Set in the environment of the processes the supervisor starts (an outside cluster manager's workers are whole servers). */
export const SUPERVISED = "SEASIDE_SUPERVISED";
/** The supervisor's own database connections: migrations, the first administrator, the maintenance tick. */
const SUPERVISOR_POOL_SIZE = 2;

/**
 * @param {any} mod the bundled server/app.ts
 * @param {{ SERVER_PROCESSES: number, HOST: string, PORT: number, publicUrl: string, DATABASE_POOL_SIZE: number }} env
 */
export async function supervise(mod, env) {
  const started = performance.now();
  await mod.startServices({ ...env, DATABASE_POOL_SIZE: Math.min(env.DATABASE_POOL_SIZE, SUPERVISOR_POOL_SIZE) }, { firstAdmin: true, maintenance: true });

  const count = env.SERVER_PROCESSES;
  let up = false;
  let stopping = false;
  const listening = new Set();
  /** @type {Map<number, import("node:cluster").Worker>} slot → its current process */
  const running = new Map();
  /** slot → deaths in a row soon after a start */
  const quickExits = new Map();

  /** @param {number} slot */
  function start(slot) {
    const since = Date.now();
    const worker = cluster.fork({ [SUPERVISED]: "1" });
    running.set(slot, worker);
    worker.once("listening", () => {
      listening.add(slot);
      if (!up && listening.size === count) {
        up = true;
        const ms = Math.round(performance.now() - started);
        mod.log.lifecycle(
          `Listening on ${env.publicUrl} (bound to ${env.HOST}:${env.PORT}, ${count} server processes, ready in ${ms} ms), Node ${process.version}`,
        );
      }
    });
    worker.once("exit", (code, signal) => {
      running.delete(slot);
      // Ctrl+C or a service manager signals the whole process group: a
      // process may end on it before this one's own handler has run.
      if (!stopping && (signal === "SIGINT" || signal === "SIGTERM")) stop(signal);
      if (stopping) {
        // A process that could not stop cleanly (an error, or killed after the timeout) fails the stop.
        if (code !== 0 && !(signal === "SIGINT" || signal === "SIGTERM")) exitCode = 1;
        if (running.size === 0) finish();
        return;
      }
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (!up) {
        mod.log.error(`Server process ${slot + 1} stopped (${how}) before the site came up; stopping.`);
        stop("SIGTERM", 1);
        return;
      }
      const quick = Date.now() - since < QUICK_EXIT_MS ? (quickExits.get(slot) ?? 0) + 1 : 0;
      quickExits.set(slot, quick);
      const delay = Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** Math.max(0, quick - 1));
      mod.log.error(`Server process ${slot + 1} stopped (${how}); starting it again in ${delay / 1000} s.`);
      setTimeout(() => {
        if (!stopping) start(slot);
      }, delay);
    });
  }

  let exitCode = 0;
  let finishing = false;
  /** Closes the database and exits with `exitCode`. */
  async function finish() {
    if (finishing) return;
    finishing = true;
    try {
      await mod.stopServices();
      mod.log.lifecycle("Stopped.");
    } catch (error) {
      mod.log.error("Error while stopping:", error);
      exitCode = 1;
    }
    process.exit(exitCode);
  }

  /**
   * @param {NodeJS.Signals} signal
   * @param {number} code
   */
  function stop(signal, code = 0) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (code === 0) mod.log.lifecycle(`${signal} received: the server processes finish their requests, then the database is closed.`);
    if (running.size === 0) {
      finish();
      return;
    }
    for (const worker of running.values()) worker.process.kill(signal);
    setTimeout(() => {
      for (const worker of running.values()) worker.process.kill("SIGKILL");
    }, STOP_TIMEOUT_MS).unref();
  }

  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  for (let slot = 0; slot < count; slot++) start(slot);
}
