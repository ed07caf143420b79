import crypto from "node:crypto";
import { and, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { admins, sessions } from "~/db/schema";
import { SESSION_CHANNEL, sessionNotices } from "./session-notice";
import type { PublicAdmin } from "./admins.server";

/**
 * Administrator sessions (DESIGN §7): a random 256-bit token for the client,
 * only its SHA-256 stored, so a leaked database holds no usable session.
 */
export function sessionId(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export async function createSession(adminId: string, ttlDays: number): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + ttlDays * 24 * 60 * 60 * 1000);
  await db()
    .insert(sessions)
    .values({ id: sessionId(token), admin_id: adminId, expires_at: expiresAt.toISOString() });
  return { token, expiresAt };
}

/** Whether a value has a session token's shape (only such a value is looked up). */
export function looksLikeSessionToken(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** The administrator of a live session, or null (unknown, malformed or expired token). */
export async function getSessionAdmin(token: unknown): Promise<PublicAdmin | null> {
  return (await getSession(token))?.admin ?? null;
}

/** A live session: its administrator and when it expires (realtime ends it then), or null. */
export async function getSession(token: unknown): Promise<{ admin: PublicAdmin; expiresAt: Date } | null> {
  if (!looksLikeSessionToken(token)) return null;
  const [row] = await db()
    .select({ id: admins.id, email: admins.email, created_at: admins.created_at, expires_at: sessions.expires_at })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.admin_id))
    .where(and(eq(sessions.id, sessionId(token)), gt(sessions.expires_at, new Date().toISOString())))
    .limit(1);
  if (!row) return null;
  const { expires_at, ...admin } = row;
  return { admin, expiresAt: new Date(expires_at) };
}

/**
 * Deletes sessions and, in the same transaction, announces them on
 * SESSION_CHANNEL: every server process ends their realtime channels and
 * event streams at once (app/realtime/session-watch.server.ts).
 */
async function endSessions(where: SQL | undefined): Promise<number> {
  return db().transaction(async (tx) => {
    const removed = await tx.delete(sessions).where(where).returning({ id: sessions.id });
    for (const notice of sessionNotices(removed.map((r) => r.id))) await tx.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${notice})`);
    return removed.length;
  });
}

export async function deleteSession(token: unknown): Promise<void> {
  if (typeof token !== "string") return;
  await endSessions(eq(sessions.id, sessionId(token)));
}

export async function deleteSessionsOf(adminId: string): Promise<void> {
  await endSessions(eq(sessions.admin_id, adminId));
}

/** Removes expired sessions; returns how many. */
export async function deleteExpiredSessions(): Promise<number> {
  return endSessions(lte(sessions.expires_at, new Date().toISOString()));
}
