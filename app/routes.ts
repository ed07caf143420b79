import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { LANGUAGES, languageOf, type Lang } from "./i18n/lang";

/** The public site's pages, once per language (app/i18n/lang.ts): Russian at SPEC's paths, the others under their prefix. */
function sitePages(lang: Lang) {
  const id = (name: string) => `${name}-${lang}`;
  return [
    index("routes/site/home.tsx", { id: id("home") }),
    route("properties", "routes/site/properties.tsx", { id: id("properties") }),
    route("properties/:id", "routes/site/by-id.tsx", { id: id("property-by-id") }),
    route("locations/:id", "routes/site/by-id.tsx", { id: id("location-by-id") }),
    // Issue 22: a shortlist in the URL (?ids=…), shown and compared; reserved slugs (app/lib/slug.ts).
    route("favorites", "routes/site/favorites.tsx", { id: id("favorites") }),
    route("compare", "routes/site/compare.tsx", { id: id("compare") }),
    route("privacy", "routes/site/privacy.tsx", { id: id("privacy") }),
    // Issue 22: saved-search alerts (decision 0029); reserved slug.
    route("alerts", "routes/site/alerts.tsx", { id: id("alerts") }),
    route("alerts/confirm/:token", "routes/site/alert-link.tsx", { id: id("alert-confirm") }),
    route("alerts/unsubscribe/:token", "routes/site/alert-link.tsx", { id: id("alert-unsubscribe") }),
    route(":locationSlug", "routes/site/location.tsx", { id: id("location") }),
    route(":locationSlug/:propertySlug", "routes/site/property.tsx", { id: id("property") }),
    // Issue 33: a new-build complex, /{location}/{the language's word for complex}/{complex}; another word is
    // no route of this language (the site's plain 404).
    route(`:locationSlug/${languageOf(lang).complex}/:complexSlug`, "routes/site/complex.tsx", { id: id("complex") }),
  ];
}

// Explicit route table (DESIGN §3): the URL map of SPEC §2.
export default [
  ...LANGUAGES.map(({ code, prefix }) =>
    prefix === ""
      ? layout("routes/site/layout.tsx", { id: `site-${code}` }, sitePages(code))
      : route(prefix.slice(1), "routes/site/layout.tsx", { id: `site-${code}` }, sitePages(code)),
  ),
  // The administrator area (SPEC §2): sign-in outside the guarded layout, everything else inside it.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/upload", "routes/admin/upload.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("locations", "routes/admin/locations.tsx"),
    route("locations/add", "routes/admin/location-form.tsx", { id: "admin-location-add" }),
    route("locations/edit/:id", "routes/admin/location-form.tsx", { id: "admin-location-edit" }),
    route("real-estates", "routes/admin/real-estates.tsx"),
    route("real-estates/add", "routes/admin/property-form.tsx", { id: "admin-property-add" }),
    // SPEC §2's add-property shortcut from a location card: /admin/real-estates/new?location={id}.
    route("real-estates/new", "routes/admin/property-form.tsx", { id: "admin-property-new" }),
    route("real-estates/edit/:id", "routes/admin/property-form.tsx", { id: "admin-property-edit" }),
    // Issue 33: new-build complexes, their form, and their CSV export and import.
    route("complexes", "routes/admin/complexes.tsx"),
    route("complexes/add", "routes/admin/complex-form.tsx", { id: "admin-complex-add" }),
    route("complexes/edit/:id", "routes/admin/complex-form.tsx", { id: "admin-complex-edit" }),
    route("complexes/export.csv", "routes/admin/complexes-export.ts"),
    route("complexes/import", "routes/admin/complex-import.tsx"),
    route("contact-submissions", "routes/admin/contact-submissions.tsx"),
    // Issue 22: saved-search alert counts.
    route("alerts", "routes/admin/alerts.tsx"),
    // Issue 22: «Удалить данные по e-mail» (GDPR erasure).
    route("personal-data", "routes/admin/personal-data.tsx"),
    // Issue 22: the agent card's name, languages and photo.
    route("agent", "routes/admin/agent.tsx"),
    // Issue 23: the CSV import (a dry run for now).
    route("import", "routes/admin/import.tsx"),
    // Decision 0031: removed photos, restorable; the thumbnails' bytes.
    route("trash", "routes/admin/trash.tsx"),
    route("trash/file", "routes/admin/trash-file.ts"),
    route("*", "routes/admin/not-found.tsx", { id: "admin-not-found" }),
  ]),
  // SPEC §7's static GETs: the stored images as { version, files }, under three names.
  route("app-data.json", "routes/resources/file-manifest.ts", { id: "app-data" }),
  route("file-manifest.json", "routes/resources/file-manifest.ts", { id: "file-manifest" }),
  route("exported-files.json", "routes/resources/file-manifest.ts", { id: "exported-files" }),
  // Diagnostics (SPEC §2): reachable without sign-in; write tests need an administrator.
  route("testsupabase", "routes/diagnostics/testsupabase.tsx"),
  route("test-storage", "routes/diagnostics/test-storage.tsx"),
  // The map's data (issue 21): the listing's result as GeoJSON.
  route("properties.geojson", "routes/resources/properties-geojson.ts"),
  route("set-language", "routes/resources/set-language.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts", { id: "sitemap-index" }),
  // Issue 23: the portals' feeds and the CSV export (token-guarded), and RSS per language.
  route("feeds/:file", "routes/resources/feeds.ts"),
  ...LANGUAGES.map(({ code, prefix }) => route(`${prefix.slice(1)}${prefix ? "/" : ""}rss.xml`, "routes/resources/rss.ts", { id: `rss-${code}` })),
  route("sitemaps/:file", "routes/resources/sitemap.ts", { id: "sitemap-file" }),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
