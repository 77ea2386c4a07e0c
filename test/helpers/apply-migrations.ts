import { applyD1Migrations, env } from "cloudflare:test";

// The same migrations wrangler applies, applied to each test file's isolated D1.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
