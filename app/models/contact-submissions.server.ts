import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { complexes, contactSubmissions, realEstates, type ContactSubmission } from "~/db/schema";
import type { Lang } from "~/i18n/lang";
import { CONTACT_MESSAGES, contactSchema } from "~/schemas/contact";
import { isUuid } from "~/schemas/fields";
import { isNoticeVersion } from "~/lib/privacy";
import { FAVORITES_MAX } from "~/lib/shortlist";
import { ModelError } from "./errors.server";

export type { ContactSubmission };

type SubmissionListener = (submission: ContactSubmission) => void;
const listeners = new Set<SubmissionListener>();

/**
 * Tells `listener` of every request stored from now on, after it is stored
 * (start-up registers the e-mail notification: app/services.server.ts).
 * Returns the function that stops it.
 */
export function onContactSubmission(listener: SubmissionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Stores a visitor's request, unread (SPEC §4). Messages of refusals follow
 * the page's language. `propertyId` links it to the listing it was sent from,
 * `complexId` to the complex whose page it was sent from (issue 33); an
 * unknown id is dropped rather than losing the request. `propertyIds` is
 * a shortlist sent to the agent (issue 22): at most FAVORITES_MAX property
 * ids, else the request is refused; ids no longer in the catalogue are
 * dropped like `propertyId`. `consent` is the privacy notice's version the
 * form showed (app/lib/privacy.ts): a known one is recorded with the time;
 * anything else (the API's inserts) records none.
 */
export async function createContactSubmission(
  input: unknown,
  options: { lang?: Lang; propertyId?: unknown; complexId?: unknown; propertyIds?: unknown; consent?: unknown } = {},
): Promise<ContactSubmission> {
  const lang = options.lang ?? "ru";
  const parsed = contactSchema(lang).safeParse(input ?? {});
  if (!parsed.success) throw ModelError.fromZod(parsed.error);
  const shortlist = await existingProperties(options.propertyIds, lang);
  let propertyId: string | null = null;
  if (isUuid(options.propertyId)) {
    const [found] = await db().select({ id: realEstates.id }).from(realEstates).where(eq(realEstates.id, options.propertyId)).limit(1);
    propertyId = found?.id ?? null;
  }
  let complexId: string | null = null;
  if (isUuid(options.complexId)) {
    const [found] = await db().select({ id: complexes.id }).from(complexes).where(eq(complexes.id, options.complexId)).limit(1);
    complexId = found?.id ?? null;
  }
  const [row] = await db()
    .insert(contactSubmissions)
    .values({
      ...parsed.data,
      property_id: propertyId,
      complex_id: complexId,
      property_ids: shortlist,
      ...(isNoticeVersion(options.consent) ? { consent_version: options.consent, consent_at: sql`now()` } : {}),
      isread: false,
    })
    .returning();
  if (!row) throw new ModelError("Ошибка сохранения: нет ответа от сервера", "database");
  for (const listener of listeners) listener(row);
  return row;
}

/** A shortlist's ids that are still properties, in its order, without repeats; refused unless a list of at most FAVORITES_MAX ids. */
async function existingProperties(value: unknown, lang: Lang): Promise<string[]> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > FAVORITES_MAX || !value.every(isUuid)) {
    const message = CONTACT_MESSAGES[lang].shortlistInvalid;
    throw new ModelError(message, "validation", { property_ids: message });
  }
  const ids = [...new Set(value.map((id) => id.toLowerCase()))];
  if (ids.length === 0) return [];
  const found = new Set((await db().select({ id: realEstates.id }).from(realEstates).where(inArray(realEstates.id, ids))).map((r) => r.id));
  return ids.filter((id) => found.has(id));
}

/** Newest first (SPEC §4); `unreadOnly` for the inbox filter. */
export async function listContactSubmissions(options: { unreadOnly?: boolean; limit?: number } = {}) {
  const query = db()
    .select()
    .from(contactSubmissions)
    .where(options.unreadOnly ? eq(contactSubmissions.isread, false) : undefined)
    .orderBy(desc(contactSubmissions.created_at), desc(contactSubmissions.id));
  return options.limit ? query.limit(options.limit) : query;
}

export async function getContactSubmission(id: unknown): Promise<ContactSubmission | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(contactSubmissions).where(eq(contactSubmissions.id, id)).limit(1);
  return row ?? null;
}

export async function countContactSubmissions(): Promise<{ total: number; unread: number }> {
  const [total] = await db().select({ n: count() }).from(contactSubmissions);
  const [unread] = await db().select({ n: count() }).from(contactSubmissions).where(eq(contactSubmissions.isread, false));
  return { total: Number(total?.n ?? 0), unread: Number(unread?.n ?? 0) };
}

/** Marks a request read; there is no way back (SPEC §4). Null for an unknown id. */
export async function markContactSubmissionRead(id: unknown): Promise<ContactSubmission | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().update(contactSubmissions).set({ isread: true }).where(eq(contactSubmissions.id, id)).returning();
  return row ?? null;
}

/** Deletes a request; false for an unknown id. */
export async function deleteContactSubmission(id: unknown): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db()
    .delete(contactSubmissions)
    .where(and(eq(contactSubmissions.id, id)))
    .returning({ id: contactSubmissions.id });
  return deleted.length > 0;
}
