import { describe, expect, it } from "vitest";
import { countContactSubmissions } from "~/models/contact-submissions.server";
import { testDbKind } from "../support/test-db";
import { ADMIN_EMAIL, ADMIN_PASSWORD, useApiServer } from "./api-server";

/** Rate limits on API writes and on the token endpoint (DESIGN §7): 429 with Retry-After, nothing written. */
const api = useApiServer({
  rest: { anonymousWrites: { limit: 2, windowMs: 60_000 } },
  auth: { signIn: { perAddress: { limit: 100, windowMs: 60_000 }, perAccountAndAddress: { limit: 3, windowMs: 60_000 } } },
});

describe(`rate limits on ${testDbKind()}`, () => {
  it("limits anonymous inserts per address: one row a request, and only stored rows count", async () => {
    const send = (body: unknown, prefer?: string, query = "") =>
      fetch(`${api.url()}/rest/v1/contact_submissions${query}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", apikey: api.anonKey(), ...(prefer ? { Prefer: prefer } : {}) },
        body: JSON.stringify(body),
      });
    const row = { name: "Гость", email: "g@example.com", message: "Здравствуйте" };
    const before = (await countContactSubmissions()).total;
    // Several rows at once, however asked: refused before anything is written or counted.
    for (const [prefer, query] of [
      [undefined, ""],
      ["return=minimal", ""],
      ["return=representation", "?select=*"],
      ["resolution=merge-duplicates,return=representation", "?on_conflict=email"],
      ["resolution=ignore-duplicates", "?on_conflict=id"],
    ] as const) {
      const many = await send(
        Array.from({ length: 20 }, () => row),
        prefer,
        query,
      );
      expect(many.status, prefer).toBe(400);
      expect(await many.json(), prefer).toMatchObject({ code: "PGRST102", message: "Anonymous inserts take one row at a time (20 sent)" });
    }
    expect((await countContactSubmissions()).total).toBe(before);
    // A row the data rules refuse is not a contact request: it keeps the allowance, as on the form.
    expect((await send({ ...row, email: "" })).status).toBe(400);
    expect((await send(row)).status).toBe(201);
    expect((await send([row], "return=representation")).status).toBe(201);
    const third = await send(row);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("60");
    expect(await third.json()).toMatchObject({ code: "PGRST429" });
    expect((await countContactSubmissions()).total).toBe(before + 2);
  });

  it("limits sign-in attempts per account, even with the right password after the limit", async () => {
    const signIn = (password: string) => api.client().auth.signInWithPassword({ email: ADMIN_EMAIL, password });
    for (let i = 0; i < 3; i++) expect((await signIn("wrong password 123")).error?.code).toBe("invalid_credentials");
    const limited = await signIn(ADMIN_PASSWORD);
    expect(limited.error?.status).toBe(429);
    expect(limited.data.session).toBeNull();
  });
});
