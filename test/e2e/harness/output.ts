import { join, resolve } from "node:path";

/** Where a run of the browser tests leaves what a person looks at afterwards (gitignored). */
export const PROJECT_ROOT = resolve(import.meta.dirname, "../../..");
export const OUTPUT_DIR = join(PROJECT_ROOT, "test-output", "e2e");
/** Desktop and phone screenshots (harness/browser.ts, `screenshot`), emptied at the start of each run. */
export const SCREENSHOT_DIR = join(OUTPUT_DIR, "screenshots");
