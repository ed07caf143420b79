import crypto from "node:crypto";
import { and, eq, gt, lte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { admins, sessions } from "~/db/schema";
import type { PublicAdmin } from "./admins.server";

/**
 * Administrator sessions (DESIGN §7): a random 256-bit token for the client,
 * only its SHA-256 stored, so a leaked database holds no usable session.
 */
function tokenId(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export async function createSession(adminId: string, ttlDays: number): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + ttlDays * 24 * 60 * 60 * 1000);
  await db()
    .insert(sessions)
    .values({ id: tokenId(token), admin_id: adminId, expires_at: expiresAt.toISOString() });
  return { token, expiresAt };
}

/** The administrator of a live session, or null (unknown, malformed or expired token). */
export async function getSessionAdmin(token: unknown): Promise<PublicAdmin | null> {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db()
    .select({ id: admins.id, email: admins.email, created_at: admins.created_at })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.admin_id))
    .where(and(eq(sessions.id, tokenId(token)), gt(sessions.expires_at, new Date().toISOString())))
    .limit(1);
  return row ?? null;
}

export async function deleteSession(token: unknown): Promise<void> {
  if (typeof token !== "string") return;
  await db().delete(sessions).where(eq(sessions.id, tokenId(token)));
}

export async function deleteSessionsOf(adminId: string): Promise<void> {
  await db().delete(sessions).where(eq(sessions.admin_id, adminId));
}

/** Removes expired sessions; returns how many. */
export async function deleteExpiredSessions(): Promise<number> {
  const removed = await db()
    .delete(sessions)
    .where(lte(sessions.expires_at, new Date().toISOString()))
    .returning({ id: sessions.id });
  return removed.length;
}
