import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { requestInfo } from "~/context";
import { createAdmin } from "~/models/admins.server";
import { createSession } from "~/models/sessions.server";
import { SESSION_COOKIE } from "~/utils/auth.server";
import { resetDatabase, useTestDatabase } from "../../../tests/support/test-db";

/**
 * DESIGN §7 deny by default: every loader and action of every admin route
 * module (found on disk, so a new page cannot be forgotten) answers a
 * request without a live session — none, forged, or expired — with the
 * redirect to the sign-in page, before it reads or writes anything.
 * (The e2e safety spec checks the same over HTTP and that nothing changed.)
 */
const test = useTestDatabase();
beforeEach(() => resetDatabase(test.handle()));

const PUBLIC_ADMIN_ROUTES = new Set(["login.tsx", "logout.ts"]);
const dir = path.dirname(new URL(import.meta.url).pathname);
const modules = fs
  .readdirSync(dir)
  .filter((f) => /\.tsx?$/.test(f) && !f.includes(".test.") && !PUBLIC_ADMIN_ROUTES.has(f))
  .sort();

type Handler = (args: { request: Request; params: Record<string, string>; url: URL; context: RouterContextProvider }) => unknown;

async function outcome(handler: Handler, request: Request): Promise<unknown> {
  const context = new RouterContextProvider();
  context.set(requestInfo, { nonce: "", ip: "127.0.0.1" });
  const url = new URL(request.url);
  try {
    return await handler({ request, params: { id: "6f1c1c1e-0000-4000-8000-000000000000" }, url, context });
  } catch (thrown) {
    return thrown;
  }
}

function expectSignInRedirect(result: unknown, label: string) {
  expect(result, label).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status, label).toBe(302);
  expect(response.headers.get("Location"), label).toMatch(/^\/admin\/login/);
}

describe("every admin route refuses requests without a live session", () => {
  it("found the admin route modules", () => {
    expect(modules).toEqual(
      expect.arrayContaining([
        "contact-submissions.tsx",
        "dashboard.tsx",
        "layout.tsx",
        "location-form.tsx",
        "locations.tsx",
        "real-estate-form.tsx",
        "real-estates.tsx",
        "upload.ts",
      ]),
    );
  });

  it.each(modules)("%s", async (file) => {
    const admin = await createAdmin("guard@example.com", "guard password 123");
    const { token: expired } = await createSession(admin.id, 1);
    await test.handle().db.execute(sql`update sessions set expires_at = now() - interval '1 minute'`);
    const mod = (await import(`./${file}`)) as { loader?: Handler; action?: Handler };
    const cookies = { none: null, forged: "A".repeat(43), expired };
    for (const [who, token] of Object.entries(cookies)) {
      const headers: Record<string, string> = token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {};
      if (mod.loader) {
        expectSignInRedirect(await outcome(mod.loader, new Request("http://127.0.0.1/admin/x?view=1", { headers })), `${file} loader, ${who}`);
      }
      if (mod.action) {
        const body = new FormData();
        body.set("intent", "delete");
        body.set("id", "6f1c1c1e-0000-4000-8000-000000000000");
        const request = new Request("http://127.0.0.1/admin/x", { method: "POST", headers, body });
        expectSignInRedirect(await outcome(mod.action, request), `${file} action, ${who}`);
      }
    }
  });
});
