import { ADMIN } from "~/i18n/admin";
import { createRealEstate, getRealEstate, type RealEstate } from "~/models/real-estates.server";

/**
 * "Duplicate" (beyond SPEC): a copy of a listing at the end of its location,
 * titled "… (копия)", pictures shared (a picture is only removed from storage
 * when nothing uses it any more).
 */
export async function duplicateRealEstate(id: string): Promise<RealEstate | null> {
  const source = await getRealEstate(id);
  if (!source) return null;
  const suffix = ADMIN.properties.copySuffix;
  return createRealEstate({
    title: `${source.title.slice(0, 200 - suffix.length)}${suffix}`,
    title_bg: source.title_bg ? `${source.title_bg.slice(0, 200 - suffix.length)}${suffix}` : "",
    description: source.description,
    description_bg: source.description_bg,
    price: source.price,
    area: source.area,
    location_id: source.location_id,
    images: source.images,
    property_type: source.property_type,
    bedrooms: source.bedrooms,
    bathrooms: source.bathrooms,
    year_built: source.year_built,
    features: source.features,
    features_bg: source.features_bg,
  });
}
