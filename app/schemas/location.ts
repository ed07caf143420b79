import { z } from "zod";
import { normalizeImageRef } from "~/lib/images";
import { optionalText, requiredText } from "./fields";

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
  name_bg: optionalText(100, M.nameTooLong),
  image,
  order: z.coerce.number().int().min(0).max(1_000_000),
  // Issue 20: «в Созополе» for «Недвижимость в …»; Russian only (Bulgarian needs no case).
  name_ru_in: optionalText(110, M.nameInTooLong).refine((v) => v === "" || /^во? \S/iu.test(v), { error: M.nameInNeedsPreposition }),
};

/** Creating a location: name and image required (SPEC §5). */
export const locationCreateSchema = z.object({
  name: fields.name,
  name_bg: fields.name_bg,
  name_ru_in: fields.name_ru_in,
  image: fields.image.refine((v) => v !== "", { error: M.imageRequired }),
});

/** Updating a location: any subset of its fields; an empty image removes it. */
export const locationUpdateSchema = z
  .object({
    name: fields.name,
    name_bg: fields.name_bg,
    name_ru_in: fields.name_ru_in,
    image: fields.image,
    order: fields.order,
  })
  .partial();

export type LocationCreateInput = z.infer<typeof locationCreateSchema>;
export type LocationUpdateInput = z.infer<typeof locationUpdateSchema>;
