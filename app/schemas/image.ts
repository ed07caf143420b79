/**
 * SPEC §5 / §9 image picker rules, shared by the browser-side picker and the
 * server's upload pipeline (the server checks again; the browser only saves
 * the administrator a wasted upload).
 */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  notImage: "Пожалуйста, выберите изображение (JPEG, PNG, GIF и т.д.)",
  tooLarge: "Файл слишком большой. Максимальный размер 5MB.",
} as const;
