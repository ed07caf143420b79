import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { createAdmin } from "~/models/admins.server";
import { createSession, deleteSession } from "~/models/sessions.server";
import { getEnv } from "~/platform/env.server";
import { useEmptyTestDatabase } from "../../tests/support/test-db";
import { identify, SESSION_COOKIE, tokenIdentity, type Identity } from "./identity.server";

/** The rule of decision 0021, case by case: what a request carrying these credentials is. */
useEmptyTestDatabase();

const DEAD = "D".repeat(43);

async function sessions() {
  const admin = await createAdmin("identity@example.com", "identity password 123");
  const live = (await createSession(admin.id, 1)).token;
  const other = (await createSession(admin.id, 1)).token;
  return { live, other };
}

function request(headers: Record<string, string>) {
  return new Request("http://127.0.0.1/any", { headers });
}

function summary(identity: Identity) {
  return identity.kind === "admin" ? { kind: identity.kind, via: identity.via, token: identity.token } : { kind: identity.kind };
}

describe("the request identity", () => {
  it("a bearer that is not the anonymous key decides; else a live cookie; else anonymous", async () => {
    const { live, other } = await sessions();
    const anonKey = getEnv().API_ANON_KEY;
    const cookie = (token: string) => ({ Cookie: `language=bg; ${SESSION_COOKIE}=${token}` });
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
    const cases: [string, Record<string, string>, ReturnType<typeof summary>][] = [
      ["nothing", {}, { kind: "anonymous" }],
      ["live cookie", cookie(live), { kind: "admin", via: "cookie", token: live }],
      ["dead cookie", cookie(DEAD), { kind: "anonymous" }],
      ["live bearer", bearer(live), { kind: "admin", via: "bearer", token: live }],
      ["dead bearer", bearer(DEAD), { kind: "invalid-token" }],
      ["anonymous key as bearer, live cookie", { ...bearer(anonKey), ...cookie(live) }, { kind: "admin", via: "cookie", token: live }],
      ["the caller's own apikey as bearer", { apikey: "my-key", ...bearer("my-key") }, { kind: "anonymous" }],
      ["a live session as bearer and apikey", { apikey: live, ...bearer(live) }, { kind: "admin", via: "bearer", token: live }],
      ["live bearer, other live cookie", { ...bearer(live), ...cookie(other) }, { kind: "admin", via: "bearer", token: live }],
      ["live bearer, dead cookie", { ...bearer(live), ...cookie(DEAD) }, { kind: "admin", via: "bearer", token: live }],
      ["dead bearer, live cookie", { ...bearer(DEAD), ...cookie(live) }, { kind: "invalid-token" }],
      ["not a bearer scheme, live cookie", { Authorization: `Basic ${live}`, ...cookie(live) }, { kind: "admin", via: "cookie", token: live }],
    ];
    for (const [label, headers, expected] of cases) {
      expect(summary(await identify(request(headers))), label).toEqual(expected);
    }
  });

  it("reads Node's request the same way as a Fetch request", async () => {
    const { live } = await sessions();
    const node = { headers: { authorization: `Bearer ${DEAD}`, cookie: `${SESSION_COOKIE}=${live}` } } as unknown as IncomingMessage;
    expect(summary(await identify(node))).toEqual({ kind: "invalid-token" });
    const withCookie = { headers: { cookie: `${SESSION_COOKIE}=${live}` } } as unknown as IncomingMessage;
    expect(summary(await identify(withCookie))).toEqual({ kind: "admin", via: "cookie", token: live });
  });

  it("is looked up once per request; a session signed out meanwhile is refused on the next request", async () => {
    const { live } = await sessions();
    const first = request({ Cookie: `${SESSION_COOKIE}=${live}` });
    const answer = identify(first);
    expect(identify(first)).toBe(answer);
    expect((await answer).kind).toBe("admin");
    await deleteSession(live);
    expect((await identify(first)).kind).toBe("admin");
    expect((await identify(request({ Cookie: `${SESSION_COOKIE}=${live}` }))).kind).toBe("anonymous");
    expect((await identify(request({ Authorization: `Bearer ${live}` }))).kind).toBe("invalid-token");
  });

  it("the anonymous-key rule for a token alone (realtime joins and sockets)", async () => {
    const { live } = await sessions();
    expect((await tokenIdentity(undefined, "k")).kind).toBe("anonymous");
    expect((await tokenIdentity(getEnv().API_ANON_KEY, "")).kind).toBe("anonymous");
    expect((await tokenIdentity("k", "k")).kind).toBe("anonymous");
    expect((await tokenIdentity("k", "")).kind).toBe("invalid-token");
    // A session first: a client may name its session token as the socket's apikey.
    expect(summary(await tokenIdentity(live, live))).toEqual({ kind: "admin", via: "bearer", token: live });
  });
});
