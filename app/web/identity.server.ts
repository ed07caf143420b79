import type { IncomingMessage } from "node:http";
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { safeRedirect } from "~/lib/safe-redirect";
import type { PublicAdmin } from "~/models/admins.server";
import { getSession } from "~/models/sessions.server";
import { getEnv } from "~/platform/env.server";
import { readCookie } from "./cookies";

/**
 * Who is calling (SPEC §6, DESIGN §7): anonymous, or an administrator by a
 * live session. Pages, the REST/auth/storage APIs, the event stream and the
 * realtime socket all ask here; the rule is decision 0021.
 */
export type Identity =
  | { kind: "anonymous" }
  | { kind: "admin"; admin: PublicAdmin; token: string; expiresAt: Date; via: "bearer" | "cookie" }
  /** A bearer that is neither the anonymous key nor a live session (unknown, expired, signed out): never quietly anonymous to the API. */
  | { kind: "invalid-token" };

export type Admin = Extract<Identity, { kind: "admin" }>;

export const SESSION_COOKIE = "seaside_session";
const ANONYMOUS: Identity = { kind: "anonymous" };

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | null | undefined): string | null {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * The one anonymous-key rule: no token or the public key (API_ANON_KEY) is
 * anonymous without a lookup; else a live session is its administrator; else
 * the caller's own `apikey` (supabase-js sends it as the bearer too) is
 * anonymous; anything else is an invalid token. The session comes before the
 * `apikey` comparison because a client may name its session token as the
 * realtime socket's apikey.
 */
export async function tokenIdentity(token: string | null | undefined, apikey: string | null | undefined, via: Admin["via"] = "bearer"): Promise<Identity> {
  if (!token || token === getEnv().API_ANON_KEY) return ANONYMOUS;
  const session = await getSession(token);
  if (session) return { kind: "admin", admin: session.admin, token, expiresAt: session.expiresAt, via };
  return apikey && token === apikey ? ANONYMOUS : { kind: "invalid-token" };
}

interface Credentials {
  authorization: string | null;
  apikey: string | null;
  cookie: string | null;
}

function credentialsOf(source: Request | IncomingMessage): Credentials {
  if (source instanceof Request) {
    const h = source.headers;
    return { authorization: h.get("authorization"), apikey: h.get("apikey"), cookie: h.get("cookie") };
  }
  const h = source.headers;
  const apikey = h.apikey;
  return { authorization: h.authorization ?? null, apikey: (Array.isArray(apikey) ? apikey.join(", ") : apikey) ?? null, cookie: h.cookie ?? null };
}

/**
 * The request rule: a bearer that is not the anonymous key decides (its
 * session, or an invalid token); otherwise the admin pages' session cookie,
 * when live; otherwise anonymous. One request has one identity.
 */
async function resolve({ authorization, apikey, cookie }: Credentials): Promise<Identity> {
  const byBearer = await tokenIdentity(bearerToken(authorization), apikey);
  if (byBearer.kind !== "anonymous") return byBearer;
  const session = readCookie(cookie, SESSION_COOKIE);
  const byCookie = session ? await getSession(session) : null;
  return byCookie ? { kind: "admin", admin: byCookie.admin, token: session!, expiresAt: byCookie.expiresAt, via: "cookie" } : ANONYMOUS;
}

const resolved = new WeakMap<object, Promise<Identity>>();

/** The identity of a request (a Fetch Request or Node's/Express's request), looked up once per request object. */
export function identify(source: Request | IncomingMessage): Promise<Identity> {
  let identity = resolved.get(source);
  if (!identity) {
    identity = resolve(credentialsOf(source));
    resolved.set(source, identity);
    // A failed lookup (database down) is not remembered: the next ask tries again.
    identity.catch(() => resolved.delete(source));
  }
  return identity;
}

/** The server hands the page handler the Express request's identity (server/app.ts), so a request is looked up once. */
export const requestIdentity = createContext<(() => Promise<Identity>) | null>(null);

/** The identity of a page request: the one Express found, else looked up from the Fetch request (tests, dev). */
export function pageIdentity(request: Request, context: Readonly<RouterContextProvider>): Promise<Identity> {
  return context.get(requestIdentity)?.() ?? identify(request);
}

/** The administrator behind a page request, or null. */
export async function pageAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<PublicAdmin | null> {
  const identity = await pageIdentity(request, context);
  return identity.kind === "admin" ? identity.admin : null;
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

/** The signed-in administrator, set by adminPagesGuard for every loader and action below it. */
export const signedInAdmin = createContext<Admin>();

/**
 * React Router middleware of the admin area (app/routes/admin/layout.tsx and
 * the resource routes beside it): anyone but an administrator is sent to the
 * sign-in page, to come back after it, before any loader or action runs.
 */
export const adminPagesGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const identity = await pageIdentity(request, context);
  if (identity.kind !== "admin") {
    const url = new URL(request.url);
    // Client navigations load "/admin/x.data": come back to the page, not its data.
    const page = url.pathname.replace(/\.data$/, "");
    url.searchParams.delete("_routes");
    throw redirect(loginPath(page + (url.searchParams.size ? `?${url.searchParams}` : "")), { headers: { "Cache-Control": "no-store" } });
  }
  context.set(signedInAdmin, identity);
  return next();
};

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
