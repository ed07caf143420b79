import { z } from "zod";
import { CONSTRUCTION_STAGES, FURNISHED, LOCATION_PRECISIONS, PROPERTY_STATUSES } from "~/lib/property-facts";
import {
  imageList,
  optionalBoolean,
  optionalChoice,
  optionalDecimalInRange,
  optionalInteger,
  optionalPatternText,
  optionalPositiveDecimal,
  optionalText,
  isUuid,
  perLanguage,
  requiredText,
  textList,
} from "./fields";

/** SPEC §5 / §8 wording for properties. */
export const PROPERTY_MESSAGES = {
  // Admin form (Russian)
  titleRequired: "Название объекта обязательно",
  locationRequired: "Пожалуйста, выберите локацию",
  descriptionRequired: "Описание обязательно",
  priceRequired: "Цена обязательна",
  priceInvalid: "Пожалуйста, введите действительную цену",
  imagesRequired: "Хотя бы одно изображение обязательно",
  typeRequired: "Пожалуйста, выберите тип объекта",
  locationMissing: "Выбранная локация не существует",
  waitForUploads: "Дождитесь завершения загрузки изображений",
  // Data layer
  dataTitleRequired: "Title is required",
  dataLocationRequired: "Location is required",
  dataDescriptionRequired: "Description is required",
  invalidCreate: "Неверные данные объекта недвижимости",
  invalidUpdate: "Неверные данные для обновления объекта",
  directInsertFailed: (message: string) => `Failed to insert real estate: ${message}`,
  createFailed: (detail: string) => `Ошибка создания объекта: ${detail}`,
  createNoData: "Ошибка сохранения: нет ответа от сервера",
  updateFailed: (detail: string) => `Ошибка обновления объекта: ${detail}`,
  updateNoData: "Ошибка обновления: нет ответа от сервера",
  formSaveFailed: (message: string) => `Произошла ошибка при сохранении данных. Детали: ${message}`,
  deleteConfirm: "Вы уверены, что хотите удалить этот объект?",
  // Beyond SPEC
  titleTooLong: "Название слишком длинное (не более 200 символов)",
  descriptionTooLong: "Описание слишком длинное (не более 20 000 символов)",
  areaInvalid: "Пожалуйста, введите действительную площадь",
  bedroomsInvalid: "Количество спален должно быть целым числом от 0 до 100",
  bathroomsInvalid: "Количество ванных комнат должно быть целым числом от 0 до 100",
  yearBuiltInvalid: "Год постройки должен быть между 1800 и 2100",
  featuresInvalid: "Особенности: не более 50 пунктов, каждый не длиннее 200 символов",
  imageInvalid: "Неверный адрес изображения",
  imagesTooMany: "Не более 50 изображений у одного объекта",
  orderInvalid: "Неверная позиция объекта",
  // The seaside facts (issue 20)
  statusInvalid: "Статус: в продаже, забронирован или продан",
  referenceInvalid: "Номер объекта: до 40 символов — буквы, цифры, дефис, точка, косая черта",
  referenceTaken: "Объект с таким номером уже есть",
  seaDistanceInvalid: "Расстояние до моря — целое число метров от 0 до 100 000",
  seaLineInvalid: "Линия: 1 (первая) или 2 (вторая)",
  seaViewInvalid: "Вид на море: да или нет",
  floorInvalid: "Этаж — целое число от −2 до 100 (цокольный — 0)",
  floorsTotalInvalid: "Этажность — целое число от 1 до 100",
  floorAboveTotal: "Этаж не может быть выше этажности здания",
  stageInvalid: "Стадия строительства: акт 14, акт 15 или акт 16",
  quarterInvalid: "Срок сдачи в формате ГГГГ-Qn, например 2027-Q2",
  feeInvalid: "Плата за обслуживание — число от 0 до 1 000 € за м² в год",
  furnishedInvalid: "Мебель: без мебели, частично или полностью",
  poolInvalid: "Бассейн: да или нет",
  parkingInvalid: "Парковка: да или нет",
  plotAreaInvalid: "Пожалуйста, введите действительную площадь участка",
  complexNameTooLong: "Название комплекса слишком длинное (не более 200 символов)",
  complexMissing: "Выбранный комплекс не существует",
  featuredInvalid: "«Показывать на главной»: да или нет",
  publishToFeedsInvalid: "«Выгружать в фиды»: да или нет",
  // The map (issue 21)
  pointInvalid: "Координаты: широта от −90 до 90 и долгота от −180 до 180, обе вместе",
  precisionInvalid: "Точность на карте: точно или примерно",
} as const;

const M = PROPERTY_MESSAGES;
export const MAX_PRICE = 1_000_000_000;
export const MAX_AREA = 1_000_000;

const images = imageList(M.imageInvalid, M.imagesTooMany);

const propertyType = (missing: "apartment" | "error") =>
  z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const text = typeof value === "string" ? value.trim().toLowerCase() : value;
      if ((text === undefined || text === null || text === "") && missing === "apartment") return "apartment" as const;
      if (text === "apartment" || text === "house") return text;
      ctx.addIssue({ code: "custom", message: M.typeRequired });
      return z.NEVER;
    });

const locationId = (required: string) => z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string({ error: required }).min(1, { error: required }));

/** Fields every writer may set, with the data layer's checks and wording. */
const dataFields = {
  title: requiredText(M.dataTitleRequired, 200, M.titleTooLong),
  ...perLanguage("title", () => optionalText(200, M.titleTooLong)),
  description: requiredText(M.dataDescriptionRequired, 20_000, M.descriptionTooLong),
  ...perLanguage("description", () => optionalText(20_000, M.descriptionTooLong)),
  price: optionalPositiveDecimal(M.priceInvalid, MAX_PRICE),
  area: optionalPositiveDecimal(M.areaInvalid, MAX_AREA),
  location_id: locationId(M.dataLocationRequired),
  images,
  property_type: propertyType("apartment"),
  order: optionalInteger(M.orderInvalid, 0, 10_000_000),
  bedrooms: optionalInteger(M.bedroomsInvalid, 0, 100),
  bathrooms: optionalInteger(M.bathroomsInvalid, 0, 100),
  year_built: optionalInteger(M.yearBuiltInvalid, 1800, 2100),
  features: textList(50, 200, M.featuresInvalid),
  ...perLanguage("features", () => textList(50, 200, M.featuresInvalid)),
  status: optionalChoice(PROPERTY_STATUSES, M.statusInvalid).transform((v) => v ?? "available"),
  reference: optionalPatternText(M.referenceInvalid, 40, /^[\p{L}\p{N}][\p{L}\p{N} ./_#-]*$/u),
  sea_distance_m: optionalInteger(M.seaDistanceInvalid, 0, 100_000),
  sea_line: optionalInteger(M.seaLineInvalid, 1, 2),
  sea_view: optionalBoolean(M.seaViewInvalid),
  floor: optionalInteger(M.floorInvalid, -2, 100),
  floors_total: optionalInteger(M.floorsTotalInvalid, 1, 100),
  construction_stage: optionalChoice(CONSTRUCTION_STAGES, M.stageInvalid),
  completion_quarter: optionalPatternText(M.quarterInvalid, 7, /^\d{4}-Q[1-4]$/, (t) => t.toUpperCase()),
  maintenance_fee_eur_m2: optionalDecimalInRange(M.feeInvalid, 0, 1000),
  furnished: optionalChoice(FURNISHED, M.furnishedInvalid),
  pool: optionalBoolean(M.poolInvalid),
  parking: optionalBoolean(M.parkingInvalid),
  plot_area: optionalPositiveDecimal(M.plotAreaInvalid, MAX_AREA),
  complex_name: optionalText(200, M.complexNameTooLong).transform((v) => v || null),
  // Issue 33: the complex it is a unit of; null or "" unlinks it.
  complex_id: z
    .unknown()
    .optional()
    .transform((value, ctx): string | null => {
      if (value === undefined || value === null || value === "") return null;
      if (typeof value === "string" && isUuid(value.trim())) return value.trim().toLowerCase();
      ctx.addIssue({ code: "custom", message: M.complexMissing });
      return z.NEVER;
    }),
  featured: optionalBoolean(M.featuredInvalid).transform((v) => v ?? false),
  // On unless switched off (issue 23): a new property goes to the portals' feeds.
  publish_to_feeds: optionalBoolean(M.publishToFeedsInvalid).transform((v) => v ?? true),
  lat: optionalDecimalInRange(M.pointInvalid, -90, 90, 6),
  lng: optionalDecimalInRange(M.pointInvalid, -180, 180, 6),
  location_precision: optionalChoice(LOCATION_PRECISIONS, M.precisionInvalid).transform((v) => v ?? "exact"),
};

/**
 * Rules between fields: a floor above the building's top floor is a typing
 * slip (checked where both are known); a point is both coordinates or none
 * (an update sends both or neither).
 */
function crossFieldRules(data: { floor?: unknown; floors_total?: unknown; lat?: unknown; lng?: unknown }, ctx: z.RefinementCtx) {
  // Also when other fields are wrong (see `always` below): both values are then numbers only if both parsed.
  if (typeof data.floor === "number" && typeof data.floors_total === "number" && data.floor > data.floors_total) {
    ctx.addIssue({ code: "custom", message: M.floorAboveTotal, path: ["floor"] });
  }
}

function pointRules(data: { lat?: number | null; lng?: number | null }, ctx: z.RefinementCtx) {
  if ((data.lat === undefined) !== (data.lng === undefined) || (data.lat === null) !== (data.lng === null)) {
    ctx.addIssue({ code: "custom", message: M.pointInvalid, path: ["lat"] });
  }
}

/**
 * The rules between fields, as one check list: the floor rule runs even when
 * another field is wrong (zod skips refinements after a failed field by
 * default), so a save names every error at once instead of the floor's only
 * on the second try (issue 30); the point rule needs both coordinates parsed.
 */
function floorWithinBuilding<T extends z.ZodType<{ floor?: unknown; floors_total?: unknown; lat?: number | null; lng?: number | null }>>(schema: T): T {
  return schema.superRefine(crossFieldRules, { when: () => true }).superRefine(pointRules);
}

/**
 * SPEC reads `title` also as `name` and `location_id` also as `locationId`;
 * this folds the aliases into the canonical names before validation.
 */
export function canonicalPropertyInput(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...input };
  if (out.title === undefined && out.name !== undefined) out.title = out.name;
  if (out.location_id === undefined && out.locationId !== undefined) out.location_id = out.locationId;
  delete out.name;
  delete out.locationId;
  return out;
}

/** Data-layer create: SPEC §5's defaults (empty texts, apartment) and checks. */
export const propertyCreateSchema = floorWithinBuilding(z.object(dataFields));

/** Partial update: exactly the updatable fields, each checked when present. */
export const propertyUpdateSchema = floorWithinBuilding(z.object(dataFields).partial());

export const UPDATABLE_PROPERTY_FIELDS = Object.keys(dataFields) as (keyof typeof dataFields)[];

/** A property's own fields, as the administrator's form edits them: all but its place in the list. */
export const PROPERTY_CONTENT_FIELDS = UPDATABLE_PROPERTY_FIELDS.filter((name) => name !== "order") as Exclude<keyof typeof dataFields, "order">[];

/** What a copy takes: its own fields but the reference, which names one property only. */
export const PROPERTY_COPY_FIELDS = PROPERTY_CONTENT_FIELDS.filter((name) => name !== "reference") as Exclude<keyof typeof dataFields, "order" | "reference">[];

/**
 * The administrator's form (SPEC §5): stricter than the data layer — price
 * required and > 0, at least one image, type and location chosen — with the
 * Russian messages.
 */
export const propertyFormSchema = floorWithinBuilding(
  z.object({
    ...dataFields,
    title: requiredText(M.titleRequired, 200, M.titleTooLong),
    description: requiredText(M.descriptionRequired, 20_000, M.descriptionTooLong),
    location_id: locationId(M.locationRequired),
    price: z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        const empty = value === undefined || value === null || (typeof value === "string" && value.trim() === "");
        if (empty) {
          ctx.addIssue({ code: "custom", message: M.priceRequired });
          return z.NEVER;
        }
        const parsed = optionalPositiveDecimal(M.priceInvalid, MAX_PRICE).safeParse(value);
        if (!parsed.success || parsed.data === null) {
          ctx.addIssue({ code: "custom", message: M.priceInvalid });
          return z.NEVER;
        }
        return parsed.data;
      }),
    images: images.refine((list) => list.length > 0, { error: M.imagesRequired }),
    property_type: propertyType("error"),
  }),
);

export type PropertyCreateInput = z.infer<typeof propertyCreateSchema>;
export type PropertyUpdateInput = z.infer<typeof propertyUpdateSchema>;
export type PropertyFormInput = z.infer<typeof propertyFormSchema>;
