import { readTrashedImage } from "~/models/image-trash.server";
import type { Route } from "./+types/trash-file";

/**
 * /admin/trash/file?key=… (decision 0031): a trashed photo's bytes for the
 * trash page's thumbnails — administrators only (the admin layout's guard),
 * never cached; the trash is not served anywhere else.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const image = await readTrashedImage(new URL(request.url).searchParams.get("key"));
  if (!image) return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" } });
  const type = /^image\/(jpeg|png|webp|gif|avif)$/.test(image.contentType) ? image.contentType : "application/octet-stream";
  return new Response(new Uint8Array(image.body), {
    headers: { "Content-Type": type, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}
