import { redirect } from "react-router";
import { safeRedirect } from "~/lib/safe-redirect";
import type { PublicAdmin } from "~/models/admins.server";
import { getSessionAdmin } from "~/models/sessions.server";
import { getEnv } from "./env.server";

/**
 * Administrator sessions on the web (DESIGN §7): the session token travels in
 * an HttpOnly, SameSite=Lax cookie (Secure behind HTTPS) or, for the HTTP
 * API, as `Authorization: Bearer`. Every admin loader and action starts with
 * requireAdmin (deny by default).
 */
export const SESSION_COOKIE = "seaside_session";

function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The session token of a request: the cookie, else a bearer token. */
export function sessionToken(request: Request): string | null {
  const cookie = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  if (cookie) return cookie;
  const auth = request.headers.get("Authorization");
  const match = auth ? /^Bearer\s+(\S+)$/i.exec(auth) : null;
  return match?.[1] ?? null;
}

/** The signed-in administrator, or null. */
export async function currentAdmin(request: Request): Promise<PublicAdmin | null> {
  const token = sessionToken(request);
  return token ? getSessionAdmin(token) : null;
}

/** Pages sign-in may come back to: the admin area, except the sign-in page itself. */
function isAdminPage(pathname: string): boolean {
  return (pathname === "/admin" || pathname.startsWith("/admin/")) && !pathname.startsWith("/admin/login");
}

/** The path to come back to after sign-in (`redirectTo`): the one redirect-target check, /admin pages only. */
export function adminReturnPath(value: string | null): string {
  return safeRedirect(value, { fallback: "/admin", allowPath: isAdminPage });
}

export function loginPath(returnTo: string): string {
  return returnTo === "/admin" ? "/admin/login" : `/admin/login?redirectTo=${encodeURIComponent(returnTo)}`;
}

/**
 * The administrator of this request; anyone else is sent to the sign-in page
 * (pages) — resource routes and actions get the same redirect, which changes nothing.
 */
export async function requireAdmin(request: Request): Promise<PublicAdmin> {
  const admin = await currentAdmin(request);
  if (admin) return admin;
  const url = new URL(request.url);
  // Client navigations load "/admin/x.data": come back to the page, not its data.
  const page = url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  throw redirect(loginPath(page + (url.searchParams.size ? `?${url.searchParams}` : "")), { headers: { "Cache-Control": "no-store" } });
}

function secureCookies(): boolean {
  return getEnv().publicUrl.startsWith("https:");
}

export function sessionCookie(token: string, expiresAt: Date): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureCookies() ? "; Secure" : ""}`;
}

export function clearSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secureCookies() ? "; Secure" : ""}`;
}
