import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * How many pages a process renders at once, and whose turn it is (issue 32).
 *
 * Every request that reaches React Router (a page not in the page cache, a
 * `.data` request, a feed, a sitemap) passes through here. At most
 * `concurrency` run at once; the rest wait in one queue per client address,
 * and a freed place goes to the address with the fewest renders running,
 * then to the addresses in turn (round robin), never to one address more
 * than `perAddress` at once. A client walking random filter
 * values at full speed therefore gets one turn among everybody waiting, and
 * the other visitors' pages wait for at most a render or two, not behind its
 * queue.
 *
 * Nothing waits without bound: an address with `queuedPerAddress` requests
 * waiting, a queue of `queued` in all, or a wait longer than `maxWaitMs` is
 * answered at once by `busy` (503 with Retry-After). A request whose client
 * went away while waiting leaves the queue.
 */
export interface RenderGateOptions {
  concurrency: number;
  perAddress: number;
  queuedPerAddress: number;
  queued: number;
  maxWaitMs: number;
}

/** Measured on 2 CPUs (docs/benchmarks.md, issue 32): more renders at once only add memory and latency. */
export const RENDER_GATE_DEFAULTS: RenderGateOptions = { concurrency: 4, perAddress: 2, queuedPerAddress: 16, queued: 256, maxWaitMs: 5000 };

interface Waiter {
  start(): void;
  timer: NodeJS.Timeout;
}

export interface RenderGate {
  /** Runs `next` now or when its turn comes; else answers with `busy`. */
  (req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** Renders running and requests waiting (tests, diagnostics). */
  readonly state: { running: number; waiting: number };
}

export function createRenderGate(
  addressOf: (req: IncomingMessage) => string,
  busy: (req: IncomingMessage, res: ServerResponse) => void,
  options: RenderGateOptions = RENDER_GATE_DEFAULTS,
): RenderGate {
  let running = 0;
  let waiting = 0;
  const runningBy = new Map<string, number>();
  // Addresses with requests waiting, in the order of their next turn.
  const queues = new Map<string, Waiter[]>();

  const canRun = (address: string) => running < options.concurrency && (runningBy.get(address) ?? 0) < options.perAddress;

  function run(address: string, res: ServerResponse, next: () => void) {
    running++;
    runningBy.set(address, (runningBy.get(address) ?? 0) + 1);
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      running--;
      const left = (runningBy.get(address) ?? 1) - 1;
      if (left > 0) runningBy.set(address, left);
      else runningBy.delete(address);
      startNext();
    };
    // The place is free once the app has written the whole answer ('prefinish': end() was called), not once a
    // slow client has read it (behind the deploy files' proxy it never is slow), or when the connection closes.
    res.once("prefinish", release);
    res.once("close", release);
    next();
  }

  /** Starts waiting requests while places are free: the address with the fewest renders running first, then by turn. */
  function startNext() {
    while (running < options.concurrency) {
      let next: string | undefined;
      for (const address of queues.keys()) {
        if (!canRun(address)) continue;
        if (next === undefined || (runningBy.get(address) ?? 0) < (runningBy.get(next) ?? 0)) next = address;
      }
      if (next === undefined) return;
      const waiters = queues.get(next)!;
      const waiter = waiters.shift()!;
      // To the back of the rotation (or out of it).
      queues.delete(next);
      if (waiters.length > 0) queues.set(next, waiters);
      waiting--;
      clearTimeout(waiter.timer);
      waiter.start();
    }
  }

  function remove(address: string, waiter: Waiter): boolean {
    const waiters = queues.get(address);
    const index = waiters?.indexOf(waiter) ?? -1;
    if (!waiters || index === -1) return false;
    waiters.splice(index, 1);
    if (waiters.length === 0) queues.delete(address);
    waiting--;
    clearTimeout(waiter.timer);
    return true;
  }

  const gate = ((req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const address = addressOf(req);
    // Every request takes its place in the rotation; startNext() below runs it at once when a place is free.
    const waiters = queues.get(address) ?? [];
    if (waiters.length >= options.queuedPerAddress || waiting >= options.queued) return busy(req, res);
    const waiter: Waiter = {
      start: () => {
        res.off("close", gone);
        run(address, res, next);
      },
      timer: setTimeout(() => {
        if (remove(address, waiter)) {
          res.off("close", gone);
          busy(req, res);
        }
      }, options.maxWaitMs),
    };
    const gone = () => remove(address, waiter);
    res.once("close", gone);
    waiters.push(waiter);
    if (!queues.has(address)) queues.set(address, waiters);
    waiting++;
    startNext();
  }) as RenderGate;
  Object.defineProperty(gate, "state", { get: () => ({ running, waiting }) });
  return gate;
}
