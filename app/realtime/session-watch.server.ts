import { getSession, sessionId } from "~/models/sessions.server";
import { log } from "~/platform/log.server";
import { subscribeSessionEnds } from "./change-feed.server";

/**
 * Ends what an administrator's session holds open — realtime channels
 * (app/api/realtime/server.server.ts) and event streams (sse.server.ts) —
 * as soon as the session ends, on every server process (issue 17):
 *
 * - signed out (/admin/logout, /auth/v1/logout local or global), password
 *   reset (`npm run admin -- reset-password`), token refreshed: the
 *   `session_ended` notice sent with the deletion (app/models/session-notice.ts), which
 *   each process hears through its change feed within milliseconds;
 * - expired: a timer at the session's expires_at;
 * - fallback: every RECHECK_MS each watched session is looked up again (a
 *   notice lost while the feed was reconnecting; a session deleted by hand),
 *   and at once after the feed reconnects.
 *
 * A session that ended moments before its watch began (the notice arrived
 * while the join was still reading the session) is remembered for
 * REMEMBER_MS, so that watch ends at once too.
 */
const RECHECK_MS = 30_000;
const REMEMBER_MS = 60_000;
// setTimeout's largest delay (~24.8 days); a later expiry re-arms.
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Watch {
  token: string;
  onEnd: () => void;
  timer?: NodeJS.Timeout;
}

interface WatchState {
  watches: Map<string, Set<Watch>>;
  recentlyEnded: Map<string, number>;
  unsubscribe?: () => void;
  recheck?: NodeJS.Timeout;
}

// On globalThis like the change feed, so a module the dev server re-evaluates shares it.
const holder = globalThis as typeof globalThis & { __seasideSessionWatch?: WatchState };
const state: WatchState = (holder.__seasideSessionWatch ??= { watches: new Map(), recentlyEnded: new Map() });

function end(id: string, watch: Watch) {
  const set = state.watches.get(id);
  if (!set?.delete(watch)) return;
  clearTimeout(watch.timer);
  if (set.size === 0) state.watches.delete(id);
  try {
    watch.onEnd();
  } catch (error) {
    log.error("Session watch: ending failed:", error);
  }
}

function ended(ids: readonly string[]) {
  const now = Date.now();
  for (const [id, at] of state.recentlyEnded) if (now - at > REMEMBER_MS) state.recentlyEnded.delete(id);
  for (const id of ids) {
    state.recentlyEnded.set(id, now);
    for (const watch of [...(state.watches.get(id) ?? [])]) end(id, watch);
  }
}

/** Looks every watched session up again; the ones gone end. */
function recheckAll() {
  for (const [id, set] of state.watches) {
    const first = set.values().next().value;
    if (!first) continue;
    getSession(first.token)
      .then((session) => {
        if (!session) ended([id]);
      })
      .catch(() => undefined); // the database is briefly unavailable: keep them until the next check
  }
}

/**
 * Listens for session ends from now on (idempotent): called when the realtime
 * server and the event streams are set up, so a notice that arrives while a
 * join is still reading its session is already remembered.
 */
export function startSessionWatch() {
  if (state.unsubscribe) return;
  state.unsubscribe = subscribeSessionEnds((ids) => (ids ? ended(ids) : recheckAll()));
  state.recheck = setInterval(recheckAll, RECHECK_MS);
  state.recheck.unref();
}

function armExpiry(id: string, watch: Watch, expiresAt: Date) {
  const delay = expiresAt.getTime() - Date.now();
  if (delay <= 0) return end(id, watch);
  watch.timer = setTimeout(() => armExpiry(id, watch, expiresAt), Math.min(delay, MAX_TIMER_MS));
  watch.timer.unref();
}

/**
 * Calls `onEnd` once when the session of `token` (found live, expiring at
 * `expiresAt`) ends; returns a function that stops watching without calling it.
 */
export function watchSession(token: string, expiresAt: Date, onEnd: () => void): () => void {
  const id = sessionId(token);
  const watch: Watch = { token, onEnd };
  let set = state.watches.get(id);
  if (!set) state.watches.set(id, (set = new Set()));
  set.add(watch);
  startSessionWatch();
  if (state.recentlyEnded.has(id)) {
    end(id, watch);
  } else {
    armExpiry(id, watch, expiresAt);
  }
  return () => {
    const current = state.watches.get(id);
    if (!current?.delete(watch)) return;
    clearTimeout(watch.timer);
    if (current.size === 0) state.watches.delete(id);
  };
}
