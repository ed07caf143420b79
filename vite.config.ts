import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compileHints } from "./scripts/vite-compile-hints";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // The server build's entry is our Express app (server/app.ts), so pages, the
  // HTTP API and the services they share live in one bundle and one process.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter(), compileHints()],
});
