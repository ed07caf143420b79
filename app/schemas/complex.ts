import { z } from "zod";
import { formatPropertyCount } from "~/i18n/plural";
import { COMPLEX_FACILITIES, CONSTRUCTION_STAGES, LOCATION_PRECISIONS, type ComplexFacility } from "~/lib/property-facts";
import { imageList, optionalChoice, optionalDecimalInRange, optionalInteger, optionalPatternText, optionalText, perLanguage, requiredText } from "./fields";
import { PROPERTY_MESSAGES } from "./property";

/** Wording for complexes (issue 33; administrator-facing, Russian). The facts a unit has too read as a unit's do. */
export const COMPLEX_MESSAGES = {
  nameRequired: "Название комплекса обязательно",
  nameTooLong: "Название комплекса слишком длинное (не более 200 символов)",
  locationRequired: "Пожалуйста, выберите локацию",
  locationMissing: PROPERTY_MESSAGES.locationMissing,
  descriptionTooLong: PROPERTY_MESSAGES.descriptionTooLong,
  developerTooLong: "Застройщик: не более 200 символов",
  floorsInvalid: "Этажность — целое число от 1 до 100",
  unitsTotalInvalid: "Квартир всего — целое число от 1 до 100 000",
  facilitiesInvalid: "Неизвестное удобство комплекса",
  stageInvalid: PROPERTY_MESSAGES.stageInvalid,
  quarterInvalid: PROPERTY_MESSAGES.quarterInvalid,
  feeInvalid: PROPERTY_MESSAGES.feeInvalid,
  seaDistanceInvalid: PROPERTY_MESSAGES.seaDistanceInvalid,
  pointInvalid: PROPERTY_MESSAGES.pointInvalid,
  precisionInvalid: PROPERTY_MESSAGES.precisionInvalid,
  imageInvalid: PROPERTY_MESSAGES.imageInvalid,
  imagesTooMany: "Не более 50 изображений у одного комплекса",
  invalidCreate: "Неверные данные комплекса",
  invalidUpdate: "Неверные данные для обновления комплекса",
  createFailed: (detail: string) => `Ошибка создания комплекса: ${detail}`,
  updateFailed: (detail: string) => `Ошибка обновления комплекса: ${detail}`,
  updateNoData: "Ошибка обновления: нет ответа от сервера",
  complexMissing: PROPERTY_MESSAGES.complexMissing,
  deleteConfirm: (units: number) =>
    units === 0 ? "Удалить этот комплекс?" : `Удалить этот комплекс? Его объекты (${formatPropertyCount(units, "ru")}) останутся в каталоге, без комплекса.`,
} as const;

const M = COMPLEX_MESSAGES;

const images = imageList(M.imageInvalid, M.imagesTooMany);

/** The fixed facility keys, in the list's order whatever order they came in; a form's one value, an array, or a comma list. */
const facilities = z
  .unknown()
  .optional()
  .transform((value, ctx): ComplexFacility[] => {
    if (value === undefined || value === null || value === "") return [];
    const raw = Array.isArray(value) ? value : typeof value === "string" ? value.split(/[,\s]+/) : [value];
    const chosen = new Set<string>();
    for (const entry of raw) {
      if (typeof entry !== "string") {
        ctx.addIssue({ code: "custom", message: M.facilitiesInvalid });
        return z.NEVER;
      }
      const key = entry.trim().toLowerCase();
      if (key === "") continue;
      if (!(COMPLEX_FACILITIES as readonly string[]).includes(key)) {
        ctx.addIssue({ code: "custom", message: M.facilitiesInvalid });
        return z.NEVER;
      }
      chosen.add(key);
    }
    return COMPLEX_FACILITIES.filter((f) => chosen.has(f));
  });

const fields = {
  name: requiredText(M.nameRequired, 200, M.nameTooLong),
  ...perLanguage("name", () => optionalText(200, M.nameTooLong)),
  description: optionalText(20_000, M.descriptionTooLong),
  ...perLanguage("description", () => optionalText(20_000, M.descriptionTooLong)),
  location_id: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string({ error: M.locationRequired }).min(1, { error: M.locationRequired })),
  developer: optionalText(200, M.developerTooLong),
  lat: optionalDecimalInRange(M.pointInvalid, -90, 90, 6),
  lng: optionalDecimalInRange(M.pointInvalid, -180, 180, 6),
  location_precision: optionalChoice(LOCATION_PRECISIONS, M.precisionInvalid).transform((v) => v ?? "exact"),
  construction_stage: optionalChoice(CONSTRUCTION_STAGES, M.stageInvalid),
  completion_quarter: optionalPatternText(M.quarterInvalid, 7, /^\d{4}-Q[1-4]$/, (t) => t.toUpperCase()),
  maintenance_fee_eur_m2: optionalDecimalInRange(M.feeInvalid, 0, 1000),
  sea_distance_m: optionalInteger(M.seaDistanceInvalid, 0, 100_000),
  floors: optionalInteger(M.floorsInvalid, 1, 100),
  units_total: optionalInteger(M.unitsTotalInvalid, 1, 100_000),
  facilities,
  images,
};

/** A point is both coordinates or none (an update sends both or neither). */
function pointRules(data: { lat?: number | null; lng?: number | null }, ctx: z.RefinementCtx) {
  if ((data.lat === undefined) !== (data.lng === undefined) || (data.lat === null) !== (data.lng === null)) {
    ctx.addIssue({ code: "custom", message: M.pointInvalid, path: ["lat"] });
  }
}

export const complexCreateSchema = z.object(fields).superRefine(pointRules);
export const complexUpdateSchema = z.object(fields).partial().superRefine(pointRules);
export type ComplexCreateInput = z.output<typeof complexCreateSchema>;

/** Every field a writer may set (the admin form, the API, the CSV import). */
export const COMPLEX_FIELDS = Object.keys(fields) as (keyof typeof fields)[];
