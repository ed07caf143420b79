import { parseJsonObject } from "~/lib/json";
import { isUuid } from "~/lib/uuid";
/**
 * The realtime change feed's messages (DESIGN §9), shared by the server
 * (database listener, event stream) and the admin pages that consume
 * `GET /admin/events`. Client-safe: no server imports.
 *
 * A change names the table, the operation and the row id, never the row
 * itself: a page that cares reloads its data (React Router revalidation).
 * `id: null` means "reload the whole table": a TRUNCATE, or RESYNC when
 * changes may have been missed or were too many to list one by one.
 */
export const CHANGE_TABLES = ["locations", "real_estates", "contact_submissions", "complexes"] as const;
export type ChangeTable = (typeof CHANGE_TABLES)[number];

export type ChangeType = "INSERT" | "UPDATE" | "DELETE" | "TRUNCATE" | "RESYNC";

export interface Change {
  table: ChangeTable;
  type: ChangeType;
  id: string | null;
}

/** Server-Sent Events of the stream: `ready` on every (re)connection, then `change` or `changes`. */
export type StreamEvent =
  { event: "ready"; data: { tables: readonly ChangeTable[] } } | { event: "change"; data: Change } | { event: "changes"; data: Change[] };

const TYPES: ReadonlySet<string> = new Set(["INSERT", "UPDATE", "DELETE", "TRUNCATE", "RESYNC"]);

/** A NOTIFY payload as a Change, or null when it is not one of ours (never trusted blindly). */
export function parseChange(payload: string): Change | null {
  const value = parseJsonObject(payload);
  if (!value) return null;
  const { table, type, id } = value;
  if (typeof table !== "string" || !(CHANGE_TABLES as readonly string[]).includes(table)) return null;
  if (typeof type !== "string" || !TYPES.has(type)) return null;
  if (id === null) return type === "TRUNCATE" || type === "RESYNC" ? { table: table as ChangeTable, type: type as ChangeType, id: null } : null;
  if (!isUuid(id)) return null;
  return { table: table as ChangeTable, type: type as ChangeType, id };
}
