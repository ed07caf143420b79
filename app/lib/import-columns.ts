/**
 * The CSV import's mapping step (issue 23 item 7, decision 0028): which of
 * our fields a file's column probably is, from its name — our own names
 * (the export's) first, then common Russian, Bulgarian and English ones.
 */

import { PROPERTY_TYPES, type PropertyType } from "./property-facts";

const SYNONYMS: Record<string, string[]> = {
  reference: ["ref", "ref no", "номер", "номер объекта", "артикул", "код", "код объекта", "референция", "референтен номер", "код на имота", "id объекта"],
  title: ["name", "название", "наименование", "заголовок", "объект", "заглавие", "име", "наименование на имота"],
  title_bg: ["название bg", "название (bg)", "заглавие bg"],
  description: ["описание", "текст", "details", "описание на имота"],
  description_bg: ["описание bg", "описание (bg)"],
  title_en: ["title en", "title (en)", "english title", "название en", "название (en)", "заглавие en"],
  description_en: ["description en", "description (en)", "english description", "описание en", "описание (en)"],
  location: [
    "локация",
    "город",
    "место",
    "местоположение",
    "населённый пункт",
    "населенный пункт",
    "район",
    "град",
    "населено място",
    "местонахождение",
    "city",
    "town",
    "place",
  ],
  price: ["цена", "стоимость", "цена, €", "цена (€)", "цена eur", "цена в евро", "price eur", "cost"],
  area: ["площадь", "площадь, м²", "площадь м2", "площ", "квадратура", "size", "sqm", "m2"],
  property_type: ["тип", "тип объекта", "вид", "вид имот", "type"],
  bedrooms: ["спальни", "спален", "спальни, шт", "спални", "beds"],
  bathrooms: ["ванные", "санузлы", "бани", "baths"],
  year_built: ["год постройки", "година на строителство", "year"],
  floor: ["этаж", "етаж"],
  floors_total: ["этажность", "этажей", "етажност", "floors"],
  sea_distance_m: ["до моря", "до моря, м", "расстояние до моря", "до морето", "разстояние до морето", "distance to sea"],
  images: ["фото", "фотографии", "изображения", "снимки", "photos", "pictures", "image urls"],
  features: ["особенности", "удобства", "характеристики", "екстри"],
  status: ["статус", "състояние"],
  plot_area: ["участок", "площадь участка", "парцел", "двор", "plot"],
  complex_name: ["комплекс", "жилой комплекс", "название комплекса", "complex"],
};

const normal = (name: string) =>
  name
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/\s+/g, " ");

/** The field each column probably is ("" = not imported); a field is given to its first column only. */
export function suggestMapping(header: readonly string[], fields: readonly string[]): string[] {
  const bySynonym = new Map<string, string>();
  for (const field of fields) bySynonym.set(normal(field), field);
  for (const [field, names] of Object.entries(SYNONYMS)) {
    if (!fields.includes(field)) continue;
    for (const name of names) if (!bySynonym.has(normal(name))) bySynonym.set(normal(name), field);
  }
  const taken = new Set<string>();
  return header.map((name) => {
    const field = bySynonym.get(normal(name)) ?? "";
    if (!field || taken.has(field)) return "";
    taken.add(field);
    return field;
  });
}

/**
 * A file's words for our property types (issue 30: «апартамент», «къща» were
 * refused): Russian, Bulgarian and English names and their common forms.
 */
const TYPE_WORDS: Record<PropertyType, string[]> = {
  apartment: [
    "apartment",
    "apartments",
    "flat",
    "flats",
    "studio",
    "studios",
    "penthouse",
    "maisonette",
    "квартира",
    "квартиры",
    "квартир",
    "апартамент",
    "апартаменты",
    "апартаменти",
    "апартамента",
    "студия",
    "студии",
    "студио",
    "пентхаус",
    "мезонет",
    "мезонети",
    "гарсониера",
    "едностаен",
    "двустаен",
    "тристаен",
    "четиристаен",
    "многостаен",
  ],
  house: [
    "house",
    "houses",
    "villa",
    "villas",
    "cottage",
    "townhouse",
    "дом",
    "дома",
    "домик",
    "къща",
    "къщи",
    "вилла",
    "виллы",
    "вила",
    "вили",
    "коттедж",
    "коттеджи",
    "таунхаус",
    "особняк",
  ],
};
const TYPE_BY_WORD = new Map<string, PropertyType>();
for (const type of PROPERTY_TYPES) for (const word of TYPE_WORDS[type]) TYPE_BY_WORD.set(word, type);

/**
 * The property type a cell names («Апартамент», «къща», «2-комнатная
 * квартира», "Villa"), in any case; the cell as it is when it names none or
 * both (then the check refuses it with the usual message).
 */
export function importedPropertyType(cell: string): string {
  const text = normal(cell);
  const whole = TYPE_BY_WORD.get(text);
  if (whole) return whole;
  const found = new Set(
    text
      .split(/[^\p{L}]+/u)
      .map((word) => TYPE_BY_WORD.get(word))
      .filter(Boolean),
  );
  return found.size === 1 ? [...found][0]! : cell;
}
