import type { ActionFunctionArgs, MiddlewareFunction } from "react-router";
import { IMAGE_UPLOAD_MESSAGES, IMAGE_UPLOAD_STATUS, ImageUploadError, MAX_UPLOAD_BYTES, processImageUpload } from "~/storage/images.server";
import { UPLOAD_TYPES, type UploadType } from "~/storage/object-names";
import { adminPagesGuard } from "~/web/identity.server";
import { log } from "~/platform/log.server";

/**
 * POST /admin/upload (DESIGN §5, SPEC §4 image upload): one image from the
 * admin image picker, as multipart form data with `file` and `type`
 * (`locations` | `properties`). Administrators only. Answers
 * `200 { path, url }` (path = the storage key) or `4xx/5xx { error }` with the
 * Russian message to show — never a stack trace.
 *
 * A request without Content-Length or with one over MAX_REQUEST_BYTES (the
 * 5 MB file plus room for the multipart envelope) is refused before its body
 * is read, so a 50 MB upload is never buffered. Everything else about the
 * file (type, size, pixels, integrity) is app/storage/images.server.ts's job.
 */
const MAX_REQUEST_BYTES = 6 * 1024 * 1024;

const MESSAGES = {
  lengthRequired: "Не удалось определить размер файла. Попробуйте ещё раз.",
  badRequest: "Неверный запрос: ожидается изображение в поле file (multipart/form-data).",
  badType: "Неверный раздел загрузки: ожидается locations или properties.",
  methodNotAllowed: "Загрузка изображений принимается только методом POST.",
};

function reply(body: { error: string } | { path: string; url: string }, status = 200, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** A refusal sent while the body may still be arriving: the connection is not reused. */
function refuseUnread(error: string, status: number, headers: Record<string, string> = {}) {
  return reply({ error }, status, { Connection: "close", ...headers });
}

function isUploadType(value: unknown): value is UploadType {
  return typeof value === "string" && (UPLOAD_TYPES as readonly string[]).includes(value);
}

// Outside the admin layout (app/routes.ts), so guarded here: deny by default.
export const middleware: MiddlewareFunction<Response>[] = [adminPagesGuard];

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return refuseUnread(MESSAGES.methodNotAllowed, 405, { Allow: "POST" });

  const declared = request.headers.get("Content-Length");
  if (declared === null || !/^\d+$/.test(declared.trim())) return refuseUnread(MESSAGES.lengthRequired, 411);
  if (Number(declared) > MAX_REQUEST_BYTES) return refuseUnread(IMAGE_UPLOAD_MESSAGES.size, 413);

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return reply({ error: MESSAGES.badRequest }, 400);
  }
  const type = form.get("type");
  if (!isUploadType(type)) return reply({ error: MESSAGES.badType }, 400);
  const file = form.get("file");
  // The file's name and declared type are deliberately not used.
  if (file === null || typeof file === "string") return reply({ error: IMAGE_UPLOAD_MESSAGES.type }, 400);
  if (file.size > MAX_UPLOAD_BYTES) return reply({ error: IMAGE_UPLOAD_MESSAGES.size }, 413);

  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const uploaded = await processImageUpload({ bytes, type });
    return reply({ path: uploaded.key, url: uploaded.url });
  } catch (error) {
    if (error instanceof ImageUploadError) return reply({ error: error.message }, IMAGE_UPLOAD_STATUS[error.kind]);
    log.error("Image upload failed:", error instanceof Error ? error.message : error);
    return reply({ error: IMAGE_UPLOAD_MESSAGES.storage }, 500);
  }
}

/** Nothing to read here: the picker posts. */
// Even the "wrong method" answer is for administrators only (the middleware above).
export function loader() {
  return reply({ error: MESSAGES.methodNotAllowed }, 405, { Allow: "POST" });
}
