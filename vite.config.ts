import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compileHints } from "./scripts/vite-compile-hints";

/** A module of the public site's shared code: components, libraries, language helpers (not a dictionary, not the admin's). */
function isSharedSiteModule(id: string): boolean {
  return /[\\/]app[\\/](components|lib|i18n|web)[\\/]/.test(id) && !/[\\/](admin|diagnostics)[\\/.]|[\\/]i18n[\\/][a-z]{2}\.ts/.test(id);
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // The server build's entry is our Express app (server/app.ts), so pages, the
  // HTTP API and the services they share live in one bundle and one process.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    // React Router 8 ships as many small modules; left alone they became four
    // chunks that every page loads, each with its own import glue. One chunk is
    // 3–4 KB brotli smaller on every public page (JS budget 120 KB, DESIGN).
    // Issue 32: likewise the site's own small shared modules (cards, formats,
    // language helpers, SEO) used by six or more route modules: one `site`
    // chunk instead of a dozen files of 0.1–2.6 KB, 1.3–1.7 KB smaller per page.
    // Dictionaries stay one file per language (a page loads only its own), the
    // administrator's modules stay out.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "react-router", test: /[\\/]node_modules[\\/]react-router[\\/]/ },
                { name: "site", test: isSharedSiteModule, minShareCount: 6 },
              ],
            },
          },
        },
      },
    },
  },
  // Development only: the dependency scanner meets the routes' server imports
  // too. Found late, at the first page request, they made Vite re-bundle and
  // reload that page, whose module imports then failed (504 "Outdated Optimize
  // Dep") and it never hydrated. Server-only packages are never bundled for
  // the browser; zod (admin forms) is bundled at start.
  optimizeDeps: {
    include: ["zod"],
    // sharp: the models release images now (image-references → image-variants), so the routes' model imports reach it.
    exclude: [
      "@electric-sql/pglite",
      "drizzle-orm",
      "drizzle-orm/node-postgres",
      "drizzle-orm/pg-core",
      "drizzle-orm/pglite",
      "nodemailer",
      "pg",
      "pino",
      "sharp",
    ],
  },
  plugins: [tailwindcss(), reactRouter(), compileHints()],
});
