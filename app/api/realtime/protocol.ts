/**
 * The Phoenix channel wire format that @supabase/realtime-js speaks (and the
 * Supabase Realtime server answers). Pure functions, no server imports.
 *
 * - vsn 2.0.0 (realtime-js's default): every text frame is a JSON array
 *   `[join_ref, ref, topic, event, payload]`.
 * - vsn 1.0.0: a JSON object `{join_ref, ref, topic, event, payload}`.
 * Binary frames (realtime-js's user broadcast pushes) are not supported.
 */
export type Vsn = "1.0.0" | "2.0.0";

export interface Message {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export function parseVsn(raw: string | null): Vsn | null {
  if (raw === null || raw === "" || raw === "1.0.0") return "1.0.0"; // Phoenix's default when none is given
  return raw === "2.0.0" ? "2.0.0" : null;
}

const refOf = (value: unknown): string | null => (typeof value === "string" ? value : typeof value === "number" ? String(value) : null);

/** A frame as a Message, or null when it is not one (never trusted blindly). */
export function decode(vsn: Vsn, text: string): Message | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  let fields: unknown[];
  if (vsn === "2.0.0") {
    if (!Array.isArray(value) || value.length !== 5) return null;
    fields = value;
  } else {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
    const o = value as Record<string, unknown>;
    fields = [o.join_ref, o.ref, o.topic, o.event, o.payload];
  }
  const [joinRef, ref, topic, event, payload] = fields;
  if (typeof topic !== "string" || typeof event !== "string") return null;
  const body = typeof payload === "object" && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {};
  return { join_ref: refOf(joinRef), ref: refOf(ref), topic, event, payload: body };
}

/** The longest topic a join may name (realtime-js's binary pushes carry at most 255 bytes). */
export const MAX_TOPIC_LENGTH = 255;

// realtime-js (vsn 2.0.0) sends a channel's broadcasts as binary frames:
// kind 3 (user broadcast push), then the lengths of join_ref, ref, topic,
// event and metadata (one byte each), the payload encoding, those fields, the payload.
const USER_BROADCAST_PUSH = 3;
const BINARY_HEADER = 7;

/** A binary user broadcast push as a Message (its payload left out: not offered), or null for any other binary frame. */
export function decodeBinaryPush(bytes: Uint8Array): Message | null {
  if (bytes.length < BINARY_HEADER || bytes[0] !== USER_BROADCAST_PUSH) return null;
  const lengths = [bytes[1]!, bytes[2]!, bytes[3]!, bytes[4]!, bytes[5]!];
  if (bytes.length < BINARY_HEADER + lengths.reduce((a, b) => a + b, 0)) return null;
  let offset = BINARY_HEADER;
  const [joinRef, ref, topic] = lengths.slice(0, 3).map((length) => {
    const text = String.fromCharCode(...bytes.subarray(offset, offset + length));
    offset += length;
    return text;
  }) as [string, string, string];
  return { join_ref: joinRef === "" ? null : joinRef, ref: ref === "" ? null : ref, topic, event: "broadcast", payload: {} };
}

export function encode(vsn: Vsn, message: Message): string {
  if (vsn === "2.0.0") return JSON.stringify([message.join_ref, message.ref, message.topic, message.event, message.payload]);
  return JSON.stringify(message);
}

/** One postgres_changes binding of a phx_join (config.postgres_changes[i]), as the client sent it. */
export interface Binding {
  event: "*" | "INSERT" | "UPDATE" | "DELETE";
  schema: string;
  table?: string;
  filter?: string;
}

export interface Filter {
  column: string;
  op: "eq" | "neq" | "lt" | "lte" | "gt" | "gte" | "in";
  values: string[];
}

const EVENTS = new Set(["*", "INSERT", "UPDATE", "DELETE"]);

/** config.postgres_changes of a join: the bindings, or a reason to refuse the join. */
export function parseBindings(raw: unknown): { bindings: Binding[] } | { error: string } {
  if (raw === undefined || raw === null) return { bindings: [] };
  if (!Array.isArray(raw)) return { error: "config.postgres_changes must be a list" };
  if (raw.length > 100) return { error: "too many postgres_changes bindings (at most 100)" };
  const bindings: Binding[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item !== "object" || item === null) return { error: "bad postgres_changes binding" };
    const { event, schema, table, filter } = item as Record<string, unknown>;
    const upper = typeof event === "string" ? event.toUpperCase() : "";
    if (!EVENTS.has(upper)) return { error: `unknown postgres_changes event ${JSON.stringify(event)}` };
    if (typeof schema !== "string" || schema === "") return { error: "a postgres_changes binding needs a schema" };
    if (table !== undefined && table !== null && typeof table !== "string") return { error: "bad postgres_changes table" };
    if (filter !== undefined && filter !== null && typeof filter !== "string") return { error: "bad postgres_changes filter" };
    if (typeof filter === "string" && filter !== "" && !parseFilter(filter))
      return { error: `unsupported postgres_changes filter ${JSON.stringify(filter.slice(0, 100))}` };
    const binding: Binding = { event: upper as Binding["event"], schema };
    if (typeof table === "string") binding.table = table;
    if (typeof filter === "string") binding.filter = filter;
    bindings.push(binding);
  }
  return { bindings };
}

/** A filter's length and an `in` list's size (Supabase Realtime allows 100 values): each join's filters stay small in memory. */
export const MAX_FILTER_LENGTH = 1024;
export const MAX_IN_VALUES = 100;

/** Supabase Realtime's filter syntax: `column=op.value` with eq, neq, lt, lte, gt, gte, or `in.(a,b)`. */
export function parseFilter(raw: string): Filter | null {
  if (raw.length > MAX_FILTER_LENGTH) return null;
  const match = /^([A-Za-z_][A-Za-z0-9_]*)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s.exec(raw);
  if (!match) return null;
  const [, column, op, rest] = match as unknown as [string, string, Filter["op"], string];
  if (op === "in") {
    const list = /^\((.*)\)$/s.exec(rest);
    if (!list) return null;
    const values = list[1]!.split(",");
    if (values.length > MAX_IN_VALUES) return null;
    return { column, op, values: values.map((v) => v.trim().replace(/^"(.*)"$/s, "$1")) };
  }
  return { column, op, values: [rest] };
}

function compare(a: unknown, b: string): number | null {
  if (typeof a === "number") {
    const n = Number(b);
    return Number.isNaN(n) ? null : a - n;
  }
  if (typeof a === "boolean") return String(a) === b ? 0 : null;
  if (typeof a !== "string") return null;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether a row (as sent) passes a filter; a column the row lacks never matches. */
export function matchesFilter(filter: Filter, row: Record<string, unknown>): boolean {
  if (!(filter.column in row)) return false;
  const value = row[filter.column];
  if (filter.op === "in") return filter.values.some((v) => compare(value, v) === 0);
  const c = compare(value, filter.values[0]!);
  if (c === null) return filter.op === "neq" && value !== null;
  switch (filter.op) {
    case "eq":
      return c === 0;
    case "neq":
      return c !== 0;
    case "lt":
      return c < 0;
    case "lte":
      return c <= 0;
    case "gt":
      return c > 0;
    case "gte":
      return c >= 0;
  }
}

/** A binding's id as the server reports it in the join reply and in each event's `ids`: a hash of its parameters (equal bindings share one, like Supabase's). */
export function bindingId(binding: Binding): number {
  const text = JSON.stringify([binding.event, binding.schema, binding.table ?? null, binding.filter ?? null]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 100_000_000;
}
