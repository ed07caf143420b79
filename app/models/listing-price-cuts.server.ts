import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { realEstates } from "~/db/schema";
import { PRICE_REDUCTION_DAYS } from "~/lib/property-facts";

/**
 * Clears the price-cut marks (price_reduced_from/at, hence price_reduction,
 * the `reduced` sort's key) older than PRICE_REDUCTION_DAYS: the database
 * cannot expire a stored value by itself (decision 0024). The trigger of
 * migration 0009 lets an update clear only an expired mark; updated_at stays
 * as it was (seaside.housekeeping: not an edit). Nothing due, no write: an
 * UPDATE bumps the content version (every cached page and count) even when
 * it changes no row. Returns how many marks were cleared.
 */
export async function expirePriceCuts(): Promise<number> {
  const due = sql`${realEstates.price_reduced_at} <= now() - make_interval(days => ${PRICE_REDUCTION_DAYS})`;
  const [any] = await db().select({ id: realEstates.id }).from(realEstates).where(due).limit(1);
  if (!any) return 0;
  return db().transaction(async (tx) => {
    await tx.execute(sql`set local seaside.housekeeping = 'on'`);
    const cleared = await tx.update(realEstates).set({ price_reduced_from: null, price_reduced_at: null }).where(due).returning({ id: realEstates.id });
    return cleared.length;
  });
}
