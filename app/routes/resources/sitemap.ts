import type { LoaderFunctionArgs } from "react-router";
import { getEnv } from "~/utils/env.server";
import { sitemapResponse } from "~/utils/sitemap-xml.server";

/** /sitemap.xml (the index) and /sitemaps/{file} (see app/utils/sitemap-xml.server.ts). */
export async function loader({ params }: Pick<LoaderFunctionArgs, "params">): Promise<Response> {
  return sitemapResponse(getEnv().publicUrl, params.file);
}
