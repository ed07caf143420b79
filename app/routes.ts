import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** The public site's pages, once per language: Russian at SPEC's paths, Bulgarian under /bg. */
function sitePages(lang: "ru" | "bg") {
  const id = (name: string) => `${name}-${lang}`;
  return [
    index("routes/site/home.tsx", { id: id("home") }),
    route("properties", "routes/site/properties.tsx", { id: id("properties") }),
    route("properties/:id", "routes/site/by-id.tsx", { id: id("property-by-id") }),
    route("locations/:id", "routes/site/by-id.tsx", { id: id("location-by-id") }),
    route(":locationSlug", "routes/site/location.tsx", { id: id("location") }),
    route(":locationSlug/:propertySlug", "routes/site/property.tsx", { id: id("property") }),
  ];
}

// Explicit route table (DESIGN §3): the URL map of SPEC §2.
export default [
  layout("routes/site/layout.tsx", { id: "site-ru" }, sitePages("ru")),
  route("bg", "routes/site/layout.tsx", { id: "site-bg" }, sitePages("bg")),
  route("set-language", "routes/resources/set-language.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts", { id: "sitemap-index" }),
  route("sitemaps/:file", "routes/resources/sitemap.ts", { id: "sitemap-file" }),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
