/**
 * The layer rules of docs/architecture.md ("Layers and their rules"),
 * checked by `npm run lint:layers` (a layer of `npm test`). Lower layers never
 * import higher ones; a rule names what a folder may NOT import.
 * Type-only imports count too, except where a rule says otherwise.
 */
const app = (folders) => `^app/(${folders.join("|")})/`;
const HTTP_GLUE = ["web", "api", "page-cache", "realtime", "notify", "jobs"];
const UI = ["routes", "components"];

module.exports = {
  forbidden: [
    {
      name: "platform-is-the-floor",
      comment: "app/platform (env, log) is used by everything and uses nothing of the app.",
      severity: "error",
      from: { path: "^app/platform/" },
      to: { path: "^(app|server|scripts)/", pathNot: "^app/platform/" },
    },
    {
      name: "basics-stay-basic",
      comment: "lib and i18n are client-safe helpers and texts: no rules, data, storage or pages above them.",
      severity: "error",
      from: { path: app(["lib", "i18n"]) },
      to: { path: [app(["schemas", "db", "storage", "models", ...HTTP_GLUE, ...UI]), "^app/(root|routes|services\\.server|context)", "^server/"] },
    },
    {
      name: "schemas-below-data",
      comment: "Input rules and their messages (client-safe) know nothing of the database or the pages.",
      severity: "error",
      from: { path: app(["schemas"]) },
      to: { path: [app(["db", "storage", "models", ...HTTP_GLUE, ...UI]), "^server/"] },
    },
    {
      name: "stores-below-models",
      comment: "The database and the file store are used by the models, never the other way round.",
      severity: "error",
      from: { path: app(["db", "storage"]) },
      to: { path: [app(["models", ...HTTP_GLUE, ...UI]), "^app/services\\.server", "^server/"] },
    },
    {
      name: "models-below-the-web",
      comment: "Models hold the data rules; HTTP glue, jobs, mail and pages sit above them (the mailer is connected at start-up).",
      severity: "error",
      from: { path: "^app/models/" },
      to: { path: [app([...HTTP_GLUE, ...UI]), "^app/(services\\.server|context|root)", "^server/"] },
    },
    {
      name: "glue-below-pages",
      comment: "Web/API glue, the page cache, realtime, mail and jobs serve the pages; they never import a page or a component.",
      severity: "error",
      from: { path: app(HTTP_GLUE) },
      to: { path: [app(UI), "^app/root", "^server/"] },
    },
    {
      name: "components-are-client-ui",
      comment: "Components are client UI: no models, database, storage, server glue or pages.",
      severity: "error",
      from: { path: "^app/components/" },
      to: {
        path: [app(["db", "storage", "models", "api", "page-cache", "realtime", "notify", "jobs", "platform", "routes"]), "^server/", "\\.server\\.tsx?$"],
      },
    },
    {
      name: "no-route-imports-a-route",
      comment: "Route modules share code through components, web or models, never through another route module.",
      severity: "error",
      from: { path: "^app/routes/" },
      to: { path: "^app/routes/", pathNot: ["\\+types/"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "client-code-never-imports-server-code",
      comment: "Modules that reach the browser (client-safe folders, client modules of web/) import no .server module.",
      severity: "error",
      from: { path: ["^app/(lib|i18n|schemas|components)/", "^app/web/(?!.*\\.server\\.)[^/]+$", "^app/(entry\\.client|context)\\."] },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "scripts-use-the-app-not-its-pages",
      comment: "Command-line scripts and benchmarks go through models and services, not through pages or components.",
      severity: "error",
      from: { path: "^scripts/" },
      to: { path: [app(UI), "^app/root"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "^build/", "^\\.react-router/", "\\.test\\.tsx?$", "^tests/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
  },
};
