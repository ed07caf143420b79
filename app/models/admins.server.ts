import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { admins, type Admin } from "~/db/schema";
import { hasControlCharacters } from "~/schemas/fields";
import { ModelError } from "./errors.server";

export type PublicAdmin = Pick<Admin, "id" | "email" | "created_at">;

export const MIN_PASSWORD_LENGTH = 10;

const ADMIN_MESSAGES = {
  emailInvalid: "Неверный email администратора",
  passwordTooShort: `Пароль должен быть не короче ${MIN_PASSWORD_LENGTH} символов`,
  exists: "Администратор с таким email уже существует",
  notFound: "Администратор с таким email не найден",
} as const;

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes).
// (algorithm 2 is Argon2id; the package's enum is a const enum we cannot import.)
const HASH_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

function normalizeEmail(email: unknown): string {
  const parsed = z.email().safeParse(typeof email === "string" ? email.trim().toLowerCase() : email);
  if (!parsed.success) throw new ModelError(ADMIN_MESSAGES.emailInvalid, "validation", { email: ADMIN_MESSAGES.emailInvalid });
  return parsed.data;
}

function checkPassword(password: unknown): string {
  if (typeof password !== "string" || password.length < MIN_PASSWORD_LENGTH) {
    throw new ModelError(ADMIN_MESSAGES.passwordTooShort, "validation", { password: ADMIN_MESSAGES.passwordTooShort });
  }
  return password;
}

const toPublic = (a: Admin): PublicAdmin => ({ id: a.id, email: a.email, created_at: a.created_at });

export async function countAdmins(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(admins);
  return Number(row?.n ?? 0);
}

export async function createAdmin(email: unknown, password: unknown): Promise<PublicAdmin> {
  const normalized = normalizeEmail(email);
  const passwordHash = await hash(checkPassword(password), HASH_OPTIONS);
  const [existing] = await db().select({ id: admins.id }).from(admins).where(eq(admins.email, normalized)).limit(1);
  if (existing) throw new ModelError(ADMIN_MESSAGES.exists, "conflict", { email: ADMIN_MESSAGES.exists }, "23505");
  const [row] = await db().insert(admins).values({ email: normalized, password_hash: passwordHash }).returning();
  return toPublic(row!);
}

export async function resetAdminPassword(email: unknown, password: unknown): Promise<PublicAdmin> {
  const normalized = normalizeEmail(email);
  const passwordHash = await hash(checkPassword(password), HASH_OPTIONS);
  const [row] = await db().update(admins).set({ password_hash: passwordHash }).where(eq(admins.email, normalized)).returning();
  if (!row) throw new ModelError(ADMIN_MESSAGES.notFound, "not_found");
  return toPublic(row);
}

// Verified against when the e-mail is unknown, so both answers take as long.
let dummyHash: Promise<string> | undefined;

/** The administrator for these credentials, or null — the same way whether or not the e-mail exists. */
export async function verifyAdminCredentials(email: unknown, password: unknown): Promise<PublicAdmin | null> {
  if (typeof email !== "string" || typeof password !== "string" || password.length > 1024) return null;
  // No address has a control character; NUL would make the query itself fail (22021).
  if (hasControlCharacters(email)) return null;
  const [row] = await db().select().from(admins).where(eq(admins.email, email.trim().toLowerCase())).limit(1);
  dummyHash ??= hash(crypto.randomBytes(16).toString("hex"), HASH_OPTIONS);
  const ok = await verify(row?.password_hash ?? (await dummyHash), password).catch(() => false);
  return row && ok ? toPublic(row) : null;
}

/** A random password for a generated account: 20 characters from a URL-safe alphabet. */
export function generatePassword(): string {
  return crypto.randomBytes(15).toString("base64url");
}

/**
 * DESIGN §7: the first administrator comes from ADMIN_EMAIL/ADMIN_PASSWORD,
 * or — with neither — is created with a random password printed once.
 * Never a fixed default. Does nothing when an administrator exists.
 */
export async function ensureFirstAdmin(
  config: { email?: string; password?: string },
  print: (message: string) => void = console.log,
): Promise<PublicAdmin | null> {
  if ((await countAdmins()) > 0) return null;
  const email = config.email ?? "admin@example.com";
  const password = config.password ?? generatePassword();
  const admin = await createAdmin(email, password);
  if (config.password) {
    print(`Administrator ${admin.email} created from ADMIN_EMAIL / ADMIN_PASSWORD.`);
  } else {
    print(
      [
        "",
        "  An administrator account was created. This password is shown only once:",
        `    e-mail:   ${admin.email}`,
        `    password: ${password}`,
        "  Change it with: npm run admin -- reset-password --email " + admin.email,
        "",
      ].join("\n"),
    );
  }
  return admin;
}
