import { defineConfig } from "drizzle-kit";

// Used only to generate SQL migrations from app/db/schema.ts (npm run db:generate).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.ts",
  out: "./drizzle",
});
