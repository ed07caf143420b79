import { z } from "zod";
import { normalizeImageRef } from "~/lib/images";
import { optionalDecimalInRange, optionalInteger, optionalText, perLanguage, requiredText } from "./fields";

/** SPEC §5 / §8 wording for locations (administrator-facing, Russian). */
export const LOCATION_MESSAGES = {
  nameRequired: "Название обязательно",
  imageRequired: "Изображение обязательно",
  waitForUpload: "Дождитесь завершения загрузки изображения",
  invalidCreate: "Неверные данные локации",
  invalidUpdate: "Неверные данные для обновления локации",
  createDuplicate: "Такая локация уже существует",
  createFailed: (message: string) => `Ошибка сохранения локации: ${message}`,
  createNoData: "Ошибка сохранения: нет ответа от сервера",
  updateDuplicate: "Локация с таким названием уже существует",
  updateFailed: (message: string) => `Ошибка обновления локации: ${message}`,
  updateNoData: "Ошибка обновления: нет ответа от сервера",
  formSaveFailed: "Ошибка сохранения. Пожалуйста, попробуйте еще раз.",
  // Beyond SPEC:
  nameTooLong: "Название слишком длинное (не более 100 символов)",
  nameNoLetters: "Название должно содержать буквы или цифры",
  nameReserved: "Это название совпадает со служебным адресом сайта. Выберите другое название.",
  imageInvalid: "Неверный адрес изображения",
  nameInTooLong: "«Где» слишком длинное (не более 110 символов)",
  nameInNeedsPreposition: "«Где» начинается с предлога «в» или «во», например «в Созополе»",
  mapInvalid: "Центр карты: широта от −90 до 90 и долгота от −180 до 180, обе вместе",
  mapZoomInvalid: "Масштаб карты — целое число от 1 до 19",
  homesoverseasRegionInvalid: "Регион homesoverseas.ru — целое число от 1 до 1 000 000 (номер из списка регионов портала)",
} as const;

const M = LOCATION_MESSAGES;

const image = z
  .preprocess((v) => (v === undefined || v === null ? "" : v), z.string({ error: M.imageInvalid }))
  .transform((value, ctx) => {
    if (value.trim() === "") return "";
    const ref = normalizeImageRef(value);
    if (ref === null) {
      ctx.addIssue({ code: "custom", message: M.imageInvalid });
      return z.NEVER;
    }
    return ref;
  });

const fields = {
  name: requiredText(M.nameRequired, 100, M.nameTooLong),
  ...perLanguage("name", () => optionalText(100, M.nameTooLong)),
  image,
  order: z.coerce.number().int().min(0).max(1_000_000),
  // Issue 20: «в Созополе» for «Недвижимость в …»; Russian only (Bulgarian needs no case).
  map_lat: optionalDecimalInRange(M.mapInvalid, -90, 90, 6),
  map_lng: optionalDecimalInRange(M.mapInvalid, -180, 180, 6),
  map_zoom: optionalInteger(M.mapZoomInvalid, 1, 19),
  homesoverseas_region: optionalInteger(M.homesoverseasRegionInvalid, 1, 1_000_000),
  name_ru_in: optionalText(110, M.nameInTooLong).refine((v) => v === "" || /^во? \S/iu.test(v), { error: M.nameInNeedsPreposition }),
};

/** The map's centre is both coordinates or none (an update sends both or neither). */
function mapCentre(data: { map_lat?: number | null; map_lng?: number | null }, ctx: z.RefinementCtx) {
  if ((data.map_lat === undefined) !== (data.map_lng === undefined) || (data.map_lat === null) !== (data.map_lng === null)) {
    ctx.addIssue({ code: "custom", message: M.mapInvalid, path: ["map_lat"] });
  }
}

/** The texts and the map view, the same on create and update. */
const described = {
  name: fields.name,
  ...perLanguage("name", () => optionalText(100, M.nameTooLong)),
  name_ru_in: fields.name_ru_in,
  map_lat: fields.map_lat,
  map_lng: fields.map_lng,
  map_zoom: fields.map_zoom,
  homesoverseas_region: fields.homesoverseas_region,
};

/** Creating a location: name and image required (SPEC §5). */
export const locationCreateSchema = z.object({ ...described, image: fields.image.refine((v) => v !== "", { error: M.imageRequired }) }).superRefine(mapCentre);

/** Updating a location: any subset of its fields; an empty image removes it. */
export const locationUpdateSchema = z
  .object({ ...described, image: fields.image, order: fields.order })
  .partial()
  .superRefine(mapCentre);

export type LocationCreateInput = z.infer<typeof locationCreateSchema>;
export type LocationUpdateInput = z.infer<typeof locationUpdateSchema>;
