import type http from "node:http";
import type { Duplex } from "node:stream";
import { eq } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { db } from "~/db/client.server";
import { looksLikeSessionToken } from "~/models/sessions.server";
import { subscribe as subscribeToChanges } from "~/realtime/change-feed.server";
import type { Change } from "~/realtime/changes";
import { startSessionWatch, watchSession } from "~/realtime/session-watch.server";
import { getEnv } from "~/platform/env.server";
import { tokenIdentity } from "~/web/identity.server";
import { log } from "~/platform/log.server";
import { guardedUpgrade } from "~/web/edge-guard.server";
import { asJson, parseSelect } from "../rest/query.server";
import { anonymousRow, apiTable, type ApiColumn, type TableName } from "../rest/tables.server";
import { clientAddress } from "~/web/client-address.server";
import { Admission, PROBATION_MS, upgradeCredential, type ConnectionClass, type Refusal } from "./admission.server";
import {
  bindingId,
  decode,
  decodeBinaryPush,
  encode,
  matchesFilter,
  MAX_TOPIC_LENGTH,
  parseBindings,
  parseFilter,
  parseVsn,
  type Binding,
  type Filter,
  type Message,
  type Vsn,
} from "./protocol";

/**
 * Supabase Realtime's `postgres_changes` for @supabase/supabase-js channels
 * (SPEC §7 "Realtime", DESIGN §9): a WebSocket at /realtime/v1/websocket
 * speaking the Phoenix channel protocol (protocol.ts), fed by the process's
 * change feed (app/realtime/change-feed.server.ts, LISTEN table_changes).
 *
 * - Role (SPEC §6, as the REST API decides it): the join's `access_token`
 *   (then later `access_token` pushes). None, or the anonymous key
 *   (API_ANON_KEY or the connection's own apikey) → anonymous: changes of
 *   locations, real_estates and complexes (an approximate one at its public point,
 *   decision 0025); a live administrator session token → also
 *   contact_submissions; any other token → the join is refused. Cookies are
 *   not read (a cross-site page could open the socket with them).
 * - A channel joined with a session ends (system error, then phx_close, as
 *   Supabase ends a channel whose token expired) when that session is signed
 *   out, reset or expires, on whichever process it happened
 *   (app/realtime/session-watch.server.ts); the socket stays open for its
 *   other channels, and no row event of that channel follows.
 * - Connections per client address and in total, with room kept for
 *   administrators: admission.server.ts (429 / 503 before the upgrade).
 *   At most MAX_CHANNELS channels per socket; a join naming a schema other
 *   than public or a table the API does not have gets an error reply
 *   (realtime-js: CHANNEL_ERROR) instead of a channel that never hears anything.
 * - Frames (issue 17): at most 64 KB (larger: close 1009); text frames that
 *   are not Phoenix messages, and binary frames other than realtime-js's
 *   broadcast pushes: close 1008; more than FRAMES_PER_WINDOW frames in
 *   FRAME_WINDOW_MS: close 1008; a push on a topic that was not joined, or an
 *   event this server does not offer, gets an error reply when it has a ref.
 * - Each change is read once (the row as GET /rest/v1 serializes it: ISO
 *   timestamps, no internal columns) and sent as Supabase sends it:
 *   `{ids, data: {schema, table, commit_timestamp, type, columns, record,
 *   old_record, errors}}`; UPDATE and DELETE carry `old_record` with the id
 *   only (default replica identity). A row deleted before it could be read is
 *   sent as `{id}`. TRUNCATE and RESYNC have no postgres_changes equivalent and
 *   are not sent.
 * - At most EVENTS_PER_SECOND change events a second per connection (SPEC §9);
 *   the rest wait in order (at most QUEUE_LIMIT, then the oldest are dropped
 *   with a log line).
 * - Heartbeats on topic "phoenix" are answered; a socket silent for IDLE_MS
 *   is closed; close() ends every socket (server shutdown).
 */
export const REALTIME_PATH = "/realtime/v1/websocket";
export const EVENTS_PER_SECOND = 10;
const WINDOW_MS = 1000;
const QUEUE_LIMIT = 5000;
/** Bytes of events one connection may have waiting (like the SSE stream's 1 MB): beyond, the oldest go. */
const QUEUE_BYTES = 1024 * 1024;
/** Bytes the socket itself may hold unsent (a client that does not read): beyond, it is cut off. */
const SOCKET_BUFFER_BYTES = 1024 * 1024;
const IDLE_MS = 90_000;
const CHECK_EVERY_MS = 30_000;
// realtime-js sends a heartbeat every 25 s, one join per channel and token
// updates: 200 frames in 10 s is far above any client's need (every channel
// joined at once included).
const FRAMES_PER_WINDOW = 200;
const FRAME_WINDOW_MS = 10_000;
/** Channels per socket: SPEC §7's client needs four (all of public, and each table); an app rarely more than a handful. */
export const MAX_CHANNELS = 20;
const ANON_TABLES: ReadonlySet<TableName> = new Set(["locations", "real_estates", "complexes"]);

type Role = { role: "anon" } | { role: "admin"; token: string; email: string; expiresAt: Date };

/** A change ready to send: the row read once for every connection. */
interface Event {
  table: TableName;
  type: "INSERT" | "UPDATE" | "DELETE";
  columns: { name: string; type: string }[];
  record: Record<string, unknown>;
  /** The row as anonymous channels see it (rest/tables.server.ts anonymousRow). */
  anonymousRecord: Record<string, unknown>;
  oldRecord: Record<string, unknown>;
  commitTimestamp: string;
}

const PG_TYPES: Record<ApiColumn["kind"], string> = {
  uuid: "uuid",
  text: "text",
  integer: "int4",
  numeric: "numeric",
  boolean: "bool",
  timestamp: "timestamptz",
  array: "_text",
};

async function eventOf(change: Change): Promise<Event | null> {
  if (change.type !== "INSERT" && change.type !== "UPDATE" && change.type !== "DELETE") return null;
  const table = apiTable(change.table, "admin");
  if (!table || !change.id) return null;
  const commitTimestamp = new Date().toISOString();
  const columns = [...table.columns.values()].map((c) => ({ name: c.name, type: PG_TYPES[c.kind] }));
  const base = { table: table.name, type: change.type, columns, commitTimestamp };
  if (change.type === "DELETE") return { ...base, record: {}, anonymousRecord: {}, oldRecord: { id: change.id } };
  const items = parseSelect(table, "*");
  const fields: Record<string, PgColumn> = {};
  for (const item of items) fields[item.key] = item.column.column;
  let record: Record<string, unknown> = { id: change.id };
  try {
    const rows = (await db().select(fields).from(table.table).where(eq(table.id, change.id)).limit(1)) as Record<string, unknown>[];
    if (rows[0]) record = asJson(rows, items)[0]!;
  } catch (error) {
    log.error(`Realtime: cannot read ${change.table} ${change.id}:`, error);
  }
  return { ...base, record, anonymousRecord: anonymousRow(table.name, record), oldRecord: change.type === "UPDATE" ? { id: change.id } : {} };
}

/** Whether a binding names what this server has: the public schema (or `*`), and a table of the API (or none, or `*`). */
function isExposed(binding: Binding): boolean {
  if (binding.schema !== "public" && binding.schema !== "*") return false;
  return binding.table === undefined || binding.table === "*" || apiTable(binding.table, "admin") !== undefined;
}

/** Supabase Realtime's words for a binding it cannot subscribe to, with what it named (cut short). */
function unexposedReason(binding: Binding): string {
  const name = (text: string) => JSON.stringify(text.slice(0, 63));
  const what = binding.schema !== "public" && binding.schema !== "*" ? `schema ${name(binding.schema)}` : `table ${name(binding.table ?? "")}`;
  return `Unable to subscribe to changes with given parameters: ${what} does not exist or is not exposed`;
}

/** Role of a token by the site's one anonymous-key rule (app/web/identity.server.ts), or null for an invalid one. */
async function roleOf(token: string | undefined, apikey: string): Promise<Role | null> {
  const identity = await tokenIdentity(token, apikey);
  if (identity.kind === "admin") return { role: "admin", token: identity.token, email: identity.admin.email, expiresAt: identity.expiresAt };
  return identity.kind === "anonymous" ? { role: "anon" } : null;
}

interface Channel {
  topic: string;
  joinRef: string | null;
  bindings: { binding: Binding; id: number; filter: Filter | null }[];
  role: Role;
  /** Stops watching the channel's session (administrators only). */
  unwatch: () => void;
}

function describeBinding(b: Binding): string {
  return `${b.event} ${b.schema}.${b.table ?? "*"}${b.filter ? ` (${b.filter})` : ""}`;
}

let nextConnection = 1;

class Connection {
  readonly id = nextConnection++;
  private readonly channels = new Map<string, Channel>();
  /** Events waiting for the rate limit, with the channel each is for (skipped once that channel has ended). */
  private readonly queue: { channel: Channel; frame: string }[] = [];
  private queuedBytes = 0;
  private readonly sent: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private dropped = 0;
  private frames = 0;
  private frameWindow = Date.now();
  lastSeen = Date.now();

  constructor(
    private readonly socket: WebSocket,
    private readonly vsn: Vsn,
    private readonly apikey: string,
    private readonly address: string,
    klass: ConnectionClass,
    /** A join or token push proved an administrator's session (the socket's class, admission.server.ts). */
    private readonly onAdministrator: (token: string, expiresAt: Date) => void,
  ) {
    log.info(
      `Realtime: connection ${this.id} opened from ${address} (vsn ${vsn}${klass === "anon" ? "" : klass === "admin" ? ", administrator" : ", on probation"})`,
    );
    socket.on("message", (data, isBinary) => this.onFrame(data, isBinary));
    socket.on("error", (error) => log.error(`Realtime: connection ${this.id} error: ${error.message}`));
  }

  /** Ends the socket for a client that broke the protocol (1008 policy violation). */
  private violation(reason: string) {
    log.info(`Realtime: connection ${this.id} from ${this.address} closed: ${reason}`);
    this.socket.close(1008, reason);
  }

  private send(message: Message) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(encode(this.vsn, message));
  }

  private reply(message: Message, status: "ok" | "error", response: Record<string, unknown>) {
    this.send({ join_ref: message.join_ref, ref: message.ref, topic: message.topic, event: "phx_reply", payload: { status, response } });
  }

  private onFrame(data: RawData, isBinary: boolean) {
    const now = Date.now();
    this.lastSeen = now;
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (now - this.frameWindow >= FRAME_WINDOW_MS) {
      this.frameWindow = now;
      this.frames = 0;
    }
    if (++this.frames > FRAMES_PER_WINDOW) return this.violation("too many messages");
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    // realtime-js sends broadcasts as binary pushes: answered like a text broadcast (not offered).
    const message = isBinary ? decodeBinaryPush(bytes) : decode(this.vsn, bytes.toString("utf8"));
    if (!message) return this.violation(isBinary ? "unsupported binary frame" : "malformed message");
    void this.onMessage(message).catch((error: unknown) => {
      log.error(`Realtime: connection ${this.id}: ${message.event} failed:`, error);
      if (message.ref !== null) this.reply(message, "error", { reason: "internal error" });
    });
  }

  private async onMessage(message: Message) {
    if (message.topic === "phoenix") {
      if (message.event === "heartbeat") this.reply(message, "ok", {});
      else if (message.ref !== null) this.reply(message, "error", { reason: `unknown event ${JSON.stringify(message.event.slice(0, 50))}` });
      return;
    }
    switch (message.event) {
      case "phx_join":
        return this.join(message);
      case "phx_leave":
        return this.leave(message);
      case "access_token":
        return this.updateToken(message);
      default:
        // broadcast, presence: not offered; a push that waits for a reply learns so.
        if (message.ref === null) return;
        if (!this.channels.has(message.topic)) return this.reply(message, "error", { reason: "unmatched topic" });
        this.reply(message, "error", { reason: `${message.event.slice(0, 50)} is not supported by this server` });
    }
  }

  private async join(message: Message) {
    if (!message.topic.startsWith("realtime:")) return this.reply(message, "error", { reason: "unmatched topic" });
    if (message.topic.length > MAX_TOPIC_LENGTH) return this.reply(message, "error", { reason: `topic too long (at most ${MAX_TOPIC_LENGTH} characters)` });
    if (!this.channels.has(message.topic) && this.channels.size >= MAX_CHANNELS) {
      return this.reply(message, "error", { reason: `too many channels (at most ${MAX_CHANNELS} per connection)` });
    }
    const config = (message.payload.config ?? {}) as Record<string, unknown>;
    const parsed = parseBindings(config.postgres_changes);
    if ("error" in parsed) return this.reply(message, "error", { reason: parsed.error });
    const unknown = parsed.bindings.find((binding) => !isExposed(binding));
    if (unknown) return this.reply(message, "error", { reason: unexposedReason(unknown) });
    const token = typeof message.payload.access_token === "string" ? message.payload.access_token : undefined;
    const role = await roleOf(token, this.apikey);
    if (!role) {
      log.info(`Realtime: connection ${this.id} refused ${message.topic}: unknown token`);
      return this.reply(message, "error", { reason: "Invalid token: unknown, expired or signed out; sign in again" });
    }
    if (this.socket.readyState !== this.socket.OPEN) return;
    // Counted again after the token lookup: joins sent in one burst all passed the first check before any was kept.
    if (!this.channels.has(message.topic) && this.channels.size >= MAX_CHANNELS) {
      return this.reply(message, "error", { reason: `too many channels (at most ${MAX_CHANNELS} per connection)` });
    }
    const bindings = parsed.bindings.map((binding) => ({ binding, id: bindingId(binding), filter: binding.filter ? parseFilter(binding.filter) : null }));
    // A join again on the same topic replaces the channel (Phoenix rejoins so).
    this.channels.get(message.topic)?.unwatch();
    const channel: Channel = { topic: message.topic, joinRef: message.join_ref ?? message.ref, bindings, role, unwatch: () => {} };
    this.channels.set(message.topic, channel);
    this.watch(channel);
    if (role.role === "admin") this.onAdministrator(role.token, role.expiresAt);
    this.reply(message, "ok", {
      postgres_changes: bindings.map(({ binding, id }) => ({ id, ...binding })),
    });
    if (bindings.length > 0) {
      this.send({
        join_ref: message.join_ref,
        ref: null,
        topic: message.topic,
        event: "system",
        payload: { channel: message.topic.slice("realtime:".length), extension: "postgres_changes", message: "Subscribed to PostgreSQL", status: "ok" },
      });
    }
    log.info(
      `Realtime: connection ${this.id} joined ${message.topic} as ${role.role === "admin" ? `administrator ${role.email}` : "anonymous"}` +
        (bindings.length ? `: ${bindings.map((b) => describeBinding(b.binding)).join(", ")}` : " (no postgres_changes)"),
    );
  }

  private leave(message: Message) {
    const channel = this.channels.get(message.topic);
    channel?.unwatch();
    this.channels.delete(message.topic);
    this.reply(message, "ok", {});
    if (channel) {
      this.send({ join_ref: channel.joinRef, ref: channel.joinRef, topic: message.topic, event: "phx_close", payload: {} });
      log.info(`Realtime: connection ${this.id} left ${message.topic}`);
    }
  }

  private async updateToken(message: Message) {
    const channel = this.channels.get(message.topic);
    const token = message.payload.access_token;
    if (!channel || typeof token !== "string") return;
    const role = await roleOf(token, this.apikey);
    if (this.channels.get(message.topic) !== channel) return;
    if (role) {
      if (role.role !== channel.role.role)
        log.info(`Realtime: connection ${this.id} ${message.topic} now ${role.role === "admin" ? `administrator ${role.email}` : "anonymous"}`);
      channel.unwatch();
      channel.role = role;
      this.watch(channel);
      if (role.role === "admin") this.onAdministrator(role.token, role.expiresAt);
    } else {
      this.closeChannel(channel, "Invalid token: unknown, expired or signed out; sign in again");
    }
  }

  /** An administrator's channel ends with its session (signed out, reset or expired: session-watch.server.ts). */
  private watch(channel: Channel) {
    const role = channel.role;
    if (role.role !== "admin") return;
    channel.unwatch = watchSession(role.token, role.expiresAt, () => {
      if (this.channels.get(channel.topic) === channel) this.closeChannel(channel, "Token has expired or was signed out");
    });
  }

  /** Ends a channel from the server's side, as Supabase does for a token that is no longer valid. */
  private closeChannel(channel: Channel, reason: string) {
    channel.unwatch();
    this.channels.delete(channel.topic);
    this.send({
      join_ref: channel.joinRef,
      ref: null,
      topic: channel.topic,
      event: "system",
      payload: { channel: channel.topic.slice("realtime:".length), extension: "system", message: reason, status: "error" },
    });
    this.send({ join_ref: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: "phx_close", payload: {} });
    log.info(`Realtime: connection ${this.id} ${channel.topic} closed: ${reason}`);
  }

  deliver(event: Event) {
    for (const channel of this.channels.values()) {
      if (channel.role.role !== "admin" && !ANON_TABLES.has(event.table)) continue;
      const record = channel.role.role === "admin" ? event.record : event.anonymousRecord;
      const row = event.type === "DELETE" ? event.oldRecord : record;
      const ids = channel.bindings
        .filter(({ binding, filter }) => {
          if (binding.event !== "*" && binding.event !== event.type) return false;
          if (binding.schema !== "public" && binding.schema !== "*") return false;
          if (binding.table !== undefined && binding.table !== "*" && binding.table !== event.table) return false;
          return !filter || matchesFilter(filter, row);
        })
        .map((b) => b.id);
      if (ids.length === 0) continue;
      const data: Record<string, unknown> = {
        schema: "public",
        table: event.table,
        commit_timestamp: event.commitTimestamp,
        type: event.type,
        columns: event.columns,
        errors: null,
      };
      if (event.type !== "DELETE") data.record = record;
      if (event.type !== "INSERT") data.old_record = event.oldRecord;
      this.enqueue(
        channel,
        encode(this.vsn, { join_ref: channel.joinRef, ref: null, topic: channel.topic, event: "postgres_changes", payload: { ids: [...new Set(ids)], data } }),
      );
    }
  }

  private enqueue(channel: Channel, frame: string) {
    this.queue.push({ channel, frame });
    this.queuedBytes += frame.length;
    while (this.queue.length > QUEUE_LIMIT || (this.queuedBytes > QUEUE_BYTES && this.queue.length > 1)) {
      this.queuedBytes -= this.queue.shift()!.frame.length;
      if (this.dropped++ % 1000 === 0)
        log.error(`Realtime: connection ${this.id} is too far behind; dropped its oldest queued events (${this.dropped} so far)`);
    }
    this.flush();
  }

  /** Sends queued events while the last second has room; otherwise waits until it has. */
  private flush() {
    if (this.timer) return;
    while (this.queue.length > 0) {
      const now = Date.now();
      while (this.sent.length > 0 && now - this.sent[0]! >= WINDOW_MS) this.sent.shift();
      if (this.sent.length >= EVENTS_PER_SECOND) {
        this.timer = setTimeout(
          () => {
            this.timer = undefined;
            this.flush();
          },
          this.sent[0]! + WINDOW_MS - now,
        );
        return;
      }
      const { channel, frame } = this.queue.shift()!;
      this.queuedBytes -= frame.length;
      // A channel ended meanwhile (left, or its session signed out): its waiting events are not sent.
      if (this.channels.get(channel.topic) !== channel) continue;
      if (this.socket.readyState !== this.socket.OPEN) continue;
      if (this.socket.bufferedAmount > SOCKET_BUFFER_BYTES) {
        log.info(`Realtime: connection ${this.id} from ${this.address} cut off: it does not read what it is sent`);
        this.socket.terminate();
        return;
      }
      this.sent.push(now);
      this.socket.send(frame);
    }
  }

  closed() {
    clearTimeout(this.timer);
    this.queue.length = 0;
    this.queuedBytes = 0;
    for (const channel of this.channels.values()) channel.unwatch();
    this.channels.clear();
    log.info(`Realtime: connection ${this.id} from ${this.address} closed`);
  }
}

export interface RealtimeServer {
  /** Closes every socket (code 1001, going away) and stops listening for changes. */
  close(): void;
  connectionCount(): number;
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
}

/**
 * Handles WebSocket upgrades of `server`: /realtime/v1/websocket becomes a
 * realtime connection; any other upgrade is answered 404 and closed.
 */
export function attachRealtime(server: http.Server): RealtimeServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const connections = new Map<WebSocket, Connection>();

  // One read per change, delivered to every connection in the order the changes came.
  let order: Promise<void> = Promise.resolve();
  const unsubscribe = subscribeToChanges((change) => {
    if (connections.size === 0) return;
    const reading = eventOf(change);
    order = order
      .then(async () => {
        const event = await reading;
        if (event) for (const connection of connections.values()) connection.deliver(event);
      })
      .catch((error: unknown) => log.error("Realtime: a change could not be delivered:", error));
  });

  const check = setInterval(() => {
    const now = Date.now();
    for (const [socket, connection] of connections) if (now - connection.lastSeen > IDLE_MS) socket.terminate();
  }, CHECK_EVERY_MS);
  check.unref();

  const admission = new Admission();
  startSessionWatch();

  /**
   * The socket's class (admission.server.ts): an upgrade with a live session's
   * token is an administrator's. A refusal when too many lookups are under way.
   */
  async function classify(req: http.IncomingMessage, apikey: string, address: string): Promise<{ token: string; expiresAt: Date } | null | Refusal> {
    const credential = upgradeCredential(req, apikey);
    if (credential === getEnv().API_ANON_KEY || !looksLikeSessionToken(credential)) return null;
    const refusal = admission.beginLookup(address);
    if (refusal) return refusal;
    try {
      const identity = await tokenIdentity(credential, apikey).catch(() => null); // database unavailable: anonymous
      return identity?.kind === "admin" ? { token: credential, expiresAt: identity.expiresAt } : null;
    } finally {
      admission.endLookup(address);
    }
  }

  /**
   * Counts the socket in its class while it is open (admission.server.ts): an
   * administrator's once its upgrade or a join proves a session, anonymous
   * again when that session ends; a socket on probation is closed unless a
   * join proves a session in time.
   */
  function track(ws: WebSocket, address: string, klass: ConnectionClass, admin: { token: string; expiresAt: Date } | null) {
    let current = klass;
    let unwatch = () => {};
    admission.add(current, address);
    const become = (next: ConnectionClass) => {
      admission.remove(current, address);
      admission.add((current = next), address);
    };
    const watch = (token: string, expiresAt: Date) => {
      unwatch();
      unwatch = watchSession(token, expiresAt, () => {
        unwatch = () => {};
        if (current === "admin") become("anon");
      });
    };
    if (admin) watch(admin.token, admin.expiresAt);
    const probation = current === "probation" ? setTimeout(() => ws.close(1008, "server busy: room kept for administrators"), PROBATION_MS) : undefined;
    probation?.unref();
    ws.on("close", () => {
      clearTimeout(probation);
      unwatch();
      admission.remove(current, address);
    });
    return (token: string, expiresAt: Date) => {
      if (current === "admin") return;
      clearTimeout(probation);
      become("admin");
      watch(token, expiresAt);
    };
  }

  // The edge guard first (a target like `//[` made `new URL` below throw, which ended the process); nothing here can throw.
  server.on(
    "upgrade",
    guardedUpgrade(
      (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
        socket.on("error", () => socket.destroy());
        const url = new URL(req.url ?? "/", "http://localhost");
        if (url.pathname !== REALTIME_PATH) return refuse(socket, 404, "Not Found");
        const vsn = parseVsn(url.searchParams.get("vsn"));
        if (!vsn) return refuse(socket, 400, "Unsupported vsn");
        const apikey = url.searchParams.get("apikey") ?? "";
        const address = clientAddress(req);
        void classify(req, apikey, address)
          .then((admin) => {
            if (admin && "status" in admin) return refuse(socket, admin.status, admin.text);
            const klass = admission.admit(admin ? "admin" : "anon", address);
            if (typeof klass !== "string") return refuse(socket, klass.status, klass.text);
            wss.handleUpgrade(req, socket, head, (ws) => {
              const connection = new Connection(ws, vsn, apikey, address, klass, track(ws, address, klass, admin));
              connections.set(ws, connection);
              ws.on("close", () => {
                connections.delete(ws);
                connection.closed();
              });
            });
          })
          .catch((error: unknown) => {
            log.error("Realtime: upgrade failed:", error);
            socket.destroy();
          });
      },
      (error) => log.error("Realtime: an upgrade failed:", error),
    ),
  );

  return {
    close() {
      unsubscribe();
      clearInterval(check);
      for (const socket of connections.keys()) socket.close(1001, "server shutting down");
      // A socket that does not answer the close handshake is cut off.
      setTimeout(() => {
        for (const socket of connections.keys()) socket.terminate();
      }, 2000).unref();
      wss.close();
    },
    connectionCount: () => connections.size,
  };
}
