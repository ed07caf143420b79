import { sql } from "drizzle-orm";
import { db, type Executor } from "~/db/client.server";
import { contactSubmissions } from "~/db/schema";
import { countAlertSubscriptionsByEmail, deleteAlertSubscriptionsByEmail } from "./alerts.server";
import { hasControlCharacters } from "~/schemas/fields";
import { CONTACT_MAX_LENGTH, isEmailAddress } from "~/schemas/contact";
import { ModelError } from "./errors.server";

/**
 * «Удалить данные по e-mail» (issue 22, GDPR erasure): everything the site
 * keeps about one e-mail address, counted and erased. Each kind of row is one
 * entry of PERSONAL_DATA — a table that stores visitors' addresses adds its
 * counter and deleter there, and the admin page names it by its `kind`.
 * Addresses match trimmed and case-insensitively (the forms store them trimmed;
 * «Anna@Example.com» is the same person as «anna@example.com»).
 */
export interface PersonalDataKind<K extends string = string> {
  kind: K;
  count(executor: Executor, email: string): Promise<number>;
  erase(executor: Executor, email: string): Promise<number>;
}

const contactRequests: PersonalDataKind<"requests"> = {
  // Contact requests of every form: home, property, and shortlists sent from favourites or compare.
  kind: "requests",
  async count(executor, email) {
    const [row] = await executor
      .select({ n: sql<number>`count(*)::int` })
      .from(contactSubmissions)
      .where(sql`lower(${contactSubmissions.email}) = ${email}`);
    return Number(row?.n ?? 0);
  },
  async erase(executor, email) {
    const deleted = await executor
      .delete(contactSubmissions)
      .where(sql`lower(${contactSubmissions.email}) = ${email}`)
      .returning({ id: contactSubmissions.id });
    return deleted.length;
  },
};

const alertSubscriptions: PersonalDataKind<"subscriptions"> = {
  // Saved-search alerts, confirmed or not, with their tokens, queued items and mails (pending or sent).
  kind: "subscriptions",
  count: countAlertSubscriptionsByEmail,
  erase: deleteAlertSubscriptionsByEmail,
};

/** Every kind of row that holds a visitor's e-mail address. */
export const PERSONAL_DATA = [contactRequests, alertSubscriptions] as const;

export type PersonalDataCounts = Record<(typeof PERSONAL_DATA)[number]["kind"], number>;

export const PERSONAL_DATA_MESSAGES = {
  required: "Введите e-mail, данные которого нужно удалить",
  invalid: "Введите e-mail полностью, например anna@example.com",
  tooLong: `Адрес слишком длинный: не более ${CONTACT_MAX_LENGTH.email} символов`,
} as const;

/** The address as it is matched: trimmed, lower case; refused (ModelError, field `email`) unless an e-mail address. */
export function normalizeErasureEmail(input: unknown): string {
  const refuse = (message: string): never => {
    throw new ModelError(message, "validation", { email: message });
  };
  if (typeof input !== "string" || input.trim() === "") return refuse(PERSONAL_DATA_MESSAGES.required);
  const email = input.trim().toLowerCase();
  if (email.length > CONTACT_MAX_LENGTH.email) return refuse(PERSONAL_DATA_MESSAGES.tooLong);
  // The e-mail rule allows no whitespace, so a line break (a header injection) is refused here too.
  if (hasControlCharacters(email) || !isEmailAddress(email)) return refuse(PERSONAL_DATA_MESSAGES.invalid);
  return email;
}

async function each(executor: Executor, email: string, run: "count" | "erase"): Promise<PersonalDataCounts> {
  const counts: Record<string, number> = {};
  // One after another: a transaction is one connection.
  for (const kind of PERSONAL_DATA) counts[kind.kind] = await kind[run](executor, email);
  return counts as PersonalDataCounts;
}

/** How many rows of each kind hold this address (what the confirmation names). */
export async function countPersonalData(input: unknown): Promise<PersonalDataCounts> {
  const email = normalizeErasureEmail(input);
  return each(db(), email, "count");
}

/** Deletes every row of every kind that holds this address, in one transaction; how many of each went. */
export async function erasePersonalData(input: unknown): Promise<PersonalDataCounts> {
  const email = normalizeErasureEmail(input);
  return db().transaction((tx) => each(tx, email, "erase"));
}

export function totalOf(counts: PersonalDataCounts): number {
  return Object.values<number>(counts).reduce((sum, n) => sum + n, 0);
}
