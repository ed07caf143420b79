import { eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { locations, realEstates } from "~/db/schema";
import type { ListingItem, PropertyPageFacts } from "~/lib/listing";
import { isUuid } from "~/lib/uuid";
import { listingColumns } from "./listing.server";

/** What /compare shows beyond a card (issue 22): the rest of the buyer's facts. */
export interface ShortlistItem extends ListingItem, PropertyPageFacts {
  features: string[];
  features_bg: string[];
  features_en: string[];
}

/** A shortlist's entry: the property, or its id alone when it is no longer in the catalogue (deleted, or never was). */
export type ShortlistEntry = { id: string; item: ShortlistItem } | { id: string; item: null };

/**
 * The properties of a favourites or compare link (issue 22), in the link's
 * order; sold ones come as they are (the page says so), missing ones as
 * their id alone. `ids` are checked by the page (app/lib/shortlist.ts);
 * anything else is left out here too.
 */
export async function readShortlist(ids: readonly string[]): Promise<ShortlistEntry[]> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return [];
  const rows = (await db()
    .select({
      ...listingColumns,
      year_built: realEstates.year_built,
      reference: realEstates.reference,
      maintenance_fee_eur_m2: realEstates.maintenance_fee_eur_m2,
      furnished: realEstates.furnished,
      pool: realEstates.pool,
      parking: realEstates.parking,
      plot_area: realEstates.plot_area,
      complex_name: realEstates.complex_name,
      features: realEstates.features,
      features_bg: realEstates.features_bg,
      features_en: realEstates.features_en,
    })
    .from(realEstates)
    .innerJoin(locations, eq(locations.id, realEstates.location_id))
    .where(inArray(realEstates.id, wanted))) as ShortlistItem[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.map((id) => ({ id, item: byId.get(id) ?? null }) as ShortlistEntry);
}
