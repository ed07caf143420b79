import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { expectModelError } from "../../tests/support/expect-model-error";
import { resetDatabase, useEmptyTestDatabase } from "../../tests/support/test-db";
import { countAdmins, createAdmin, ensureFirstAdmin, resetAdminPassword, verifyAdminCredentials } from "./admins.server";
import { createSession, deleteExpiredSessions, deleteSession, deleteSessionsOf, getSessionAdmin } from "./sessions.server";

const test = useEmptyTestDatabase();

describe("administrators", () => {
  it("stores an argon2id hash, never the password, and verifies credentials", async () => {
    const admin = await createAdmin("Agent@Example.com ", "correct horse battery");
    expect(admin.email).toBe("agent@example.com");
    const [row] = await queryRows<{ password_hash: string }>(test.handle().db, sql`select password_hash from admins`);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.password_hash).not.toContain("correct horse");
    expect(await verifyAdminCredentials("agent@example.com", "correct horse battery")).toMatchObject({ id: admin.id });
    expect(await verifyAdminCredentials("AGENT@example.com", "correct horse battery")).toMatchObject({ id: admin.id });
    expect(await verifyAdminCredentials("agent@example.com", "wrong password!")).toBeNull();
    expect(await verifyAdminCredentials("nobody@example.com", "correct horse battery")).toBeNull();
    expect(await verifyAdminCredentials(undefined, null)).toBeNull();
  });

  it("refuses short passwords, bad e-mails and duplicates", async () => {
    await expectModelError(createAdmin("a@example.com", "short"), "Пароль должен быть не короче 10 символов");
    await expectModelError(createAdmin("not-an-email", "long enough pass"), "Неверный email администратора");
    await createAdmin("a@example.com", "long enough pass");
    await expectModelError(createAdmin("A@example.com", "another long one"), "Администратор с таким email уже существует");
  });

  it("resets a password: the old one stops working", async () => {
    await createAdmin("a@example.com", "first password");
    await resetAdminPassword("a@example.com", "second password");
    expect(await verifyAdminCredentials("a@example.com", "first password")).toBeNull();
    expect(await verifyAdminCredentials("a@example.com", "second password")).not.toBeNull();
    await expectModelError(resetAdminPassword("b@example.com", "whatever pass"), "Администратор с таким email не найден");
  });

  it("first start: from ADMIN_EMAIL/ADMIN_PASSWORD, else a random password printed once; never twice", async () => {
    const printed: string[] = [];
    const admin = await ensureFirstAdmin({ email: "owner@example.com", password: "from the environment" }, (m) => printed.push(m));
    expect(admin?.email).toBe("owner@example.com");
    expect(printed.join("\n")).not.toContain("from the environment");
    expect(await verifyAdminCredentials("owner@example.com", "from the environment")).not.toBeNull();
    expect(await ensureFirstAdmin({}, (m) => printed.push(m))).toBeNull();
    expect(await countAdmins()).toBe(1);

    await resetDatabase(test.handle());
    const out: string[] = [];
    const generated = await ensureFirstAdmin({}, (m) => out.push(m));
    const password = /password: (\S+)/.exec(out.join("\n"))?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(await verifyAdminCredentials(generated!.email, password)).not.toBeNull();
  });

  it("two first starts generate different passwords (no fixed default)", async () => {
    const passwords: string[] = [];
    for (let i = 0; i < 2; i++) {
      await resetDatabase(test.handle());
      await ensureFirstAdmin({}, (m) => passwords.push(/password: (\S+)/.exec(m)?.[1] ?? ""));
    }
    expect(passwords[0]).not.toBe(passwords[1]);
  });
});

describe("sessions", () => {
  it("a token opens its session; only its hash is stored; logout ends it", async () => {
    const admin = await createAdmin("a@example.com", "long enough pass");
    const { token, expiresAt } = await createSession(admin.id, 14);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    const ids = await queryRows<{ id: string }>(test.handle().db, sql`select id from sessions`);
    expect(ids[0]!.id).not.toBe(token);
    expect(await getSessionAdmin(token)).toMatchObject({ id: admin.id, email: "a@example.com" });
    await deleteSession(token);
    expect(await getSessionAdmin(token)).toBeNull();
  });

  it("forged, malformed and expired tokens open nothing; expired ones are cleaned up", async () => {
    const admin = await createAdmin("a@example.com", "long enough pass");
    const { token } = await createSession(admin.id, 1);
    expect(await getSessionAdmin(token.replace(/.$/, token.endsWith("A") ? "B" : "A"))).toBeNull();
    expect(await getSessionAdmin("")).toBeNull();
    expect(await getSessionAdmin(undefined)).toBeNull();
    expect(await getSessionAdmin("' or 1=1 --")).toBeNull();
    await test.handle().db.execute(sql`update sessions set expires_at = now() - interval '1 minute'`);
    expect(await getSessionAdmin(token)).toBeNull();
    expect(await deleteExpiredSessions()).toBe(1);
  });

  it("all sessions of an administrator can be ended (after a password reset)", async () => {
    const admin = await createAdmin("a@example.com", "long enough pass");
    const a = await createSession(admin.id, 1);
    const b = await createSession(admin.id, 1);
    await deleteSessionsOf(admin.id);
    expect(await getSessionAdmin(a.token)).toBeNull();
    expect(await getSessionAdmin(b.token)).toBeNull();
  });
});
