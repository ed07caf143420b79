import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { contactSubmissions, locations, realEstates } from "~/db/schema";
import { createAdmin } from "~/models/admins.server";
import { createContactSubmission } from "~/models/contact-submissions.server";
import { createLocation } from "~/models/locations.server";
import { createProperty } from "~/models/real-estates.server";
import { createSession } from "~/models/sessions.server";
import { SESSION_COOKIE } from "~/web/identity.server";
import { adminHandler as serveAdmin, PLACEHOLDER, routes } from "../../../tests/support/admin-handler";
import { useEmptyTestDatabase } from "../../../tests/support/test-db";

/**
 * DESIGN §7 deny by default, by construction: every route under /admin in
 * app/routes.ts (read from the table, so a new page cannot be forgotten),
 * except the sign-in and sign-out pages, is served through React Router's own
 * request handler — so its middleware runs as in production — and every
 * loader and action answers a request without a live session (none, forged,
 * expired, an unknown bearer) with the redirect to the sign-in page, before
 * it reads or writes anything: GET as a page and as client-navigation data,
 * POST with a delete. (The e2e safety spec checks the same over HTTP.)
 */
const test = useEmptyTestDatabase();

const ROUTE_MODULES = import.meta.glob(["./*.ts", "./*.tsx", "!./*.test.ts"]);
const adminHandler = () => serveAdmin(ROUTE_MODULES);

async function expectSignIn(response: Response, page: string, label: string) {
  const target = `/admin/login?redirectTo=${encodeURIComponent(page)}`;
  const expected = page === "/admin" ? "/admin/login" : target;
  if (response.status === 202) {
    // A client navigation's data request: the redirect travels in the body (single fetch).
    expect(response.headers.get("X-Remix-Response"), label).toBe("yes");
    expect(await response.text(), label).toContain(expected);
    return;
  }
  expect(response.status, label).toBe(302);
  expect(response.headers.get("Location"), label).toBe(expected);
}

async function rowCounts() {
  return Promise.all([db().$count(locations), db().$count(realEstates), db().$count(contactSubmissions)]);
}

describe("every admin route refuses requests without a live session", () => {
  it("found the admin routes, the upload beside the layout included", () => {
    expect(routes.map((r) => r.file)).toEqual(
      expect.arrayContaining([
        "routes/admin/layout.tsx",
        "routes/admin/dashboard.tsx",
        "routes/admin/locations.tsx",
        "routes/admin/location-form.tsx",
        "routes/admin/real-estates.tsx",
        "routes/admin/property-form.tsx",
        "routes/admin/contact-submissions.tsx",
        "routes/admin/not-found.tsx",
        "routes/admin/upload.ts",
      ]),
    );
  });

  it.each(routes.filter((r) => r.file !== "routes/admin/layout.tsx").map((r) => [r.url, r] as const))("%s", async (_url, route) => {
    const admin = await createAdmin("guard@example.com", "guard password 123");
    const { token: expired } = await createSession(admin.id, 1);
    await test.handle().db.execute(sql`update sessions set expires_at = now() - interval '1 minute'`);
    const location = await createLocation({ name: "Охраняемая", image: "/upload/locations/guard.jpg" });
    const property = await createProperty({ title: "Охраняемый дом", description: "У моря", location_id: location.id });
    const submission = await createContactSubmission({ name: "Анна", email: "anna@example.com", message: "Интересует квартира" });
    // The record this route's id (and the posted id) names, so an unguarded delete would show in the counts.
    const id = route.url.includes("real-estates") ? property.id : route.url.includes("contact") ? submission.id : location.id;
    const page = route.url.replace(PLACEHOLDER, id);
    const request = await adminHandler();
    const before = await rowCounts();
    const callers: Record<string, Record<string, string>> = {
      none: {},
      "forged cookie": { Cookie: `${SESSION_COOKIE}=${"A".repeat(43)}` },
      "expired cookie": { Cookie: `${SESSION_COOKIE}=${expired}` },
      "unknown bearer": { Authorization: `Bearer ${"B".repeat(43)}` },
    };
    for (const [who, headers] of Object.entries(callers)) {
      await expectSignIn(await request(page, { headers }), page, `${page} GET, ${who}`);
      await expectSignIn(await request(`${page}.data`, { headers }), page, `${page}.data GET, ${who}`);
      for (const intent of ["delete", "mark-read"]) {
        const body = new FormData();
        body.set("intent", intent);
        body.set("id", id);
        await expectSignIn(await request(page, { method: "POST", headers, body }), page, `${page} POST ${intent}, ${who}`);
      }
    }
    expect(await rowCounts(), "nothing was written").toEqual(before);
  });

  it("lets a live session through (the requests above do reach the routes)", async () => {
    const admin = await createAdmin("guard@example.com", "guard password 123");
    const { token } = await createSession(admin.id, 1);
    const request = await adminHandler();
    for (const headers of [{ Cookie: `${SESSION_COOKIE}=${token}` }, { Authorization: `Bearer ${token}` }] as Record<string, string>[]) {
      const page = await request("/admin/locations", { headers });
      expect(page.status).toBe(200);
      expect(await page.text()).toBe("rendered");
      expect((await request("/admin/locations.data", { headers })).status).toBe(200);
    }
  });
});
