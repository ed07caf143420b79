import pg from "pg";
import type { DatabaseHandle } from "~/db/client.server";
import { log } from "~/platform/log.server";
import { CHANGE_TABLES, parseChange, type Change } from "./changes";
import { parseSessionNotice, SESSION_CHANNEL } from "~/models/session-notice";

/**
 * The process's one listener on the database channel `table_changes`
 * (drizzle/0004_change_notify.sql: a row trigger on locations, real_estates
 * and contact_submissions sends {table, type, id}). Every server copy listens
 * on its own, so a change written through any copy reaches the admin pages
 * connected to every copy (DESIGN §9).
 *
 * - PGlite: the instance's own listen() (one process per data folder).
 * - PostgreSQL: a dedicated connection outside the pool (LISTEN holds its
 *   session), checked every 30 s and reconnected with backoff when lost;
 *   after a reconnection subscribers get a RESYNC per table, since
 *   notifications sent while it was down are gone.
 *
 * Changes are logged (SPEC §7 "changes are only logged"), one line each, at
 * most LOG_PER_SECOND lines a second; a burst beyond that is summed up.
 *
 * The same listener hears `session_ended` (app/models/session-notice.ts): sessions
 * signed out or reset through any process, handed to subscribeSessionEnds()
 * listeners; after a reconnection they get `null` ("notices may have been
 * missed: check every session again").
 */
export const CHANNEL = "table_changes";
const LOG_PER_SECOND = 20;

type Listener = (change: Change) => void;
/** Ended session ids, or null when notices may have been missed. */
type SessionListener = (ids: string[] | null) => void;

interface FeedState {
  subscribers: Set<Listener>;
  sessionSubscribers?: Set<SessionListener>;
  stop?: () => Promise<void>;
  logWindow: { start: number; lines: number; skipped: number };
}

// Kept on globalThis like the database handle, so a module re-evaluated by the
// dev server shares the listener and its subscribers.
const holder = globalThis as typeof globalThis & { __seasideChangeFeed?: FeedState };
const state: FeedState = (holder.__seasideChangeFeed ??= {
  subscribers: new Set(),
  logWindow: { start: 0, lines: 0, skipped: 0 },
});

/** Calls `listener` with every change from now on; returns the unsubscribe function. */
export function subscribe(listener: Listener): () => void {
  state.subscribers.add(listener);
  return () => {
    state.subscribers.delete(listener);
  };
}

/** Calls `listener` with the ids of sessions ended from now on (any process); returns the unsubscribe function. */
export function subscribeSessionEnds(listener: SessionListener): () => void {
  const subscribers = (state.sessionSubscribers ??= new Set());
  subscribers.add(listener);
  return () => {
    subscribers.delete(listener);
  };
}

/** Hands `value` to every listener; one that throws is logged as `who` and the others still hear it. */
function deliver<T>(listeners: Iterable<(value: T) => void>, value: T, who: string) {
  for (const listener of listeners) {
    try {
      listener(value);
    } catch (error) {
      log.error(`${who} failed:`, error);
    }
  }
}

function publishSessionEnds(ids: string[] | null) {
  deliver(state.sessionSubscribers ?? [], ids, "Session-end subscriber");
}

export function subscriberCount(): number {
  return state.subscribers.size;
}

export function isChangeFeedRunning(): boolean {
  return state.stop !== undefined;
}

function logChange(change: Change) {
  const now = Date.now();
  const w = state.logWindow;
  if (now - w.start >= 1000) {
    if (w.skipped > 0) log.info(`Change feed: ${w.skipped} more changes in that second (not logged one by one)`);
    state.logWindow = { start: now, lines: 0, skipped: 0 };
  }
  if (state.logWindow.lines < LOG_PER_SECOND) {
    state.logWindow.lines++;
    log.info(`Change: ${change.table} ${change.type}${change.id ? ` ${change.id}` : ""}`);
  } else {
    state.logWindow.skipped++;
  }
}

/** Hands one change to every subscriber (also used by tests). */
export function publish(change: Change) {
  logChange(change);
  deliver(state.subscribers, change, "Change feed subscriber");
}

/** A notification on one of the two channels: a table change or ended sessions. */
function onNotification(channel: string, payload: string) {
  if (channel === SESSION_CHANNEL) {
    const ids = parseSessionNotice(payload);
    if (ids) return publishSessionEnds(ids);
  } else {
    const change = parseChange(payload);
    if (change) return publish(change);
  }
  log.error(`Change feed: ignored an unexpected payload on ${channel}`);
}

/** Starts listening (idempotent). Called by startServices() for the web server. */
export async function startChangeFeed(handle: DatabaseHandle): Promise<void> {
  if (state.stop) return;
  if (handle.kind === "pglite") {
    const unlisten = await handle.pglite!.listen(CHANNEL, (payload) => onNotification(CHANNEL, payload));
    const unlistenSessions = await handle.pglite!.listen(SESSION_CHANNEL, (payload) => onNotification(SESSION_CHANNEL, payload));
    state.stop = async () => {
      try {
        await unlisten();
        await unlistenSessions();
      } catch {
        // The instance is already closed: nothing listens any more.
      }
    };
  } else {
    const listener = new PostgresListener({ ...handle.pool!.options }, onNotification, () => {
      for (const table of CHANGE_TABLES) publish({ table, type: "RESYNC", id: null });
      publishSessionEnds(null);
    });
    await listener.start();
    state.stop = () => listener.stop();
  }
  log.info(`Change feed: listening on ${CHANNEL} and ${SESSION_CHANNEL}`);
}

/** Stops listening; subscribers stay registered but hear nothing more. Called by stopServices(). */
export async function stopChangeFeed(): Promise<void> {
  const stop = state.stop;
  state.stop = undefined;
  await stop?.();
}

const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;
const CHECK_EVERY_MS = 30_000;
const CHECK_TIMEOUT_MS = 10_000;

/** LISTEN on a dedicated PostgreSQL connection that comes back when it drops. */
export class PostgresListener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private check: NodeJS.Timeout | undefined;
  private failures = 0;
  private connectedOnce = false;
  private stopped = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly onPayload: (channel: string, payload: string) => void,
    private readonly onReconnected: () => void,
  ) {}

  /** First connection; when it fails, retries in the background (the server still starts). */
  async start(): Promise<void> {
    await this.connect();
    this.check = setInterval(() => this.healthCheck(), CHECK_EVERY_MS);
    this.check.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.check);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ ...this.config, keepAlive: true });
    this.client = client;
    client.on("notification", (message) => {
      if ((message.channel === CHANNEL || message.channel === SESSION_CHANNEL) && message.payload !== undefined)
        this.onPayload(message.channel, message.payload);
    });
    client.on("error", (error) => {
      log.error(`Change feed: connection error: ${error.message}`);
      this.drop(client);
    });
    client.on("end", () => this.drop(client));
    try {
      await client.connect();
      // One statement text, so the connection still shows as "LISTEN table_changes…".
      await client.query(`LISTEN ${CHANNEL}; LISTEN ${SESSION_CHANNEL}`);
    } catch (error) {
      log.error(`Change feed: cannot listen: ${error instanceof Error ? error.message : String(error)}`);
      this.drop(client);
      return;
    }
    if (this.client !== client) return; // dropped while connecting
    // Changes may have been missed while no connection listened.
    const recovered = this.connectedOnce || this.failures > 0;
    this.failures = 0;
    this.connectedOnce = true;
    if (recovered) {
      log.info("Change feed: listening again; clients are told to reload (changes may have been missed)");
      this.onReconnected();
    }
  }

  /** Forgets a broken connection and schedules the next attempt (idempotent per connection). */
  private drop(client: pg.Client) {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    if (this.stopped) return;
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.failures);
    this.failures++;
    log.error(`Change feed: connection lost; reconnecting in ${delay} ms`);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, delay);
    this.retry.unref();
  }

  /** A connection can die silently (no RST): a query that does not answer counts as lost. */
  private healthCheck() {
    const client = this.client;
    if (!client) return;
    let timeout: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => reject(new Error("no answer in 10 s")), CHECK_TIMEOUT_MS);
    });
    Promise.race([client.query("select 1"), timedOut])
      .catch((error: unknown) => {
        log.error(`Change feed: health check failed: ${error instanceof Error ? error.message : String(error)}`);
        this.drop(client);
      })
      .finally(() => clearTimeout(timeout));
  }
}
