/**
 * "These sessions ended" on the database channel `session_ended` (issue 17:
 * sessions end everywhere at once). Sent by app/models/sessions.server.ts in
 * the transaction that deletes the sessions (so on commit, never for a
 * rolled-back sign-out); heard by every server process through its change
 * feed (change-feed.server.ts), which ends that session's realtime channels
 * and event streams. The payload names sessions by their stored id (SHA-256
 * of the token), never the token. Pure functions, no server imports.
 */
import { parseJsonObject } from "~/lib/json";

export const SESSION_CHANNEL = "session_ended";

// NOTIFY payloads are limited to 8000 bytes: 64-character ids, 100 to a notice.
const IDS_PER_NOTICE = 100;
const SESSION_ID = /^[0-9a-f]{64}$/;

/** The notices (JSON payloads) that announce these session ids. */
export function sessionNotices(ids: readonly string[]): string[] {
  const notices: string[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_NOTICE) notices.push(JSON.stringify({ sessions: ids.slice(i, i + IDS_PER_NOTICE) }));
  return notices;
}

/** The session ids of a notice, or null when the payload is not one of ours. */
export function parseSessionNotice(payload: string): string[] | null {
  const sessions = parseJsonObject(payload)?.sessions;
  if (!Array.isArray(sessions) || !sessions.every((id) => typeof id === "string" && SESSION_ID.test(id))) return null;
  return sessions as string[];
}
