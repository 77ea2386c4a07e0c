import { defineConfig } from "drizzle-kit";

// Migrations are generated from src/db/schema and applied by wrangler (dev, deploy) and the tests.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema/index.ts",
  out: "./migrations",
});
