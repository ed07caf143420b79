import { describe, expect, it } from "vitest";
import { testDbKind } from "../support/test-db";
import { ADMIN_EMAIL, ADMIN_PASSWORD, useApiServer } from "./api-server";

/** Rate limits on API writes and on the token endpoint (DESIGN §7): 429 with Retry-After, nothing written. */
const api = useApiServer({
  rest: { anonymousWrites: { limit: 2, windowMs: 60_000 } },
  auth: { perAddress: { limit: 100, windowMs: 60_000 }, perAccount: { limit: 3, windowMs: 60_000 } },
});

describe(`rate limits on ${testDbKind()}`, () => {
  it("limits anonymous inserts per address", async () => {
    const send = () =>
      fetch(`${api.url()}/rest/v1/contact_submissions`, {
        method: "POST",
        headers: { "Content-Type": "application/json", apikey: api.anonKey() },
        body: JSON.stringify({ name: "Гость", email: "g@example.com", message: "Здравствуйте" }),
      });
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    const third = await send();
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("60");
    expect(await third.json()).toMatchObject({ code: "PGRST429" });
  });

  it("limits sign-in attempts per account, even with the right password after the limit", async () => {
    const signIn = (password: string) => api.client().auth.signInWithPassword({ email: ADMIN_EMAIL, password });
    for (let i = 0; i < 3; i++) expect((await signIn("wrong password 123")).error?.code).toBe("invalid_credentials");
    const limited = await signIn(ADMIN_PASSWORD);
    expect(limited.error?.status).toBe(429);
    expect(limited.data.session).toBeNull();
  });
});
