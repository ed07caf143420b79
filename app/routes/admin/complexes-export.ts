import { getEnv } from "~/platform/env.server";
import { complexesCsv } from "~/web/complexes-csv.server";

/**
 * /admin/complexes/export.csv (issue 33): every complex as CSV
 * (app/web/complexes-csv.server.ts) — administrators only (the admin
 * layout's guard: it has exact points), never kept by a cache.
 */
export async function loader() {
  const text = await complexesCsv(getEnv().publicUrl);
  return new Response(text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="complexes.csv"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    },
  });
}
