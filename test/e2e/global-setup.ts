import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import startGitServer from "../helpers/git-server";
import { SCREENSHOT_DIR } from "./harness/output";
import { seedDocs, type SeededDocs } from "./harness/seed";
import { startWorker } from "./harness/worker";

/**
 * Once per run of the e2e project: the Worker started by `wrangler dev` (test/e2e/harness/worker.ts),
 * a Git server (test/helpers/git-server.ts) and the seeded sites, handed to every test file through `inject("e2e")`. Test files only read what
 * was seeded; one that needs content of its own makes it through the API (harness/api.ts).
 */

export interface E2EContext {
  origin: string;
  adminToken: string;
  seeded: SeededDocs;
}

declare module "vitest" {
  export interface ProvidedContext {
    e2e: E2EContext;
  }
}

export default async function setup(project: TestProject) {
  // Only this run's screenshots, so none left from an older run passes for a current one.
  rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
  // The handbook is imported from a Git repository this server holds (the Worker reaches it on
  // loopback: .dev.vars.example's ALLOW_PRIVATE_NETWORK lets it).
  const stopGitServer = await startGitServer(project);
  const worker = await startWorker().catch(async (error: unknown) => {
    await stopGitServer();
    throw error;
  });
  const stop = () => Promise.all([worker.stop(), stopGitServer()]);
  try {
    const seedStarted = performance.now();
    const seeded = await seedDocs(worker.origin, worker.adminToken, project.getProvidedContext().gitServerUrl);
    const seedMs = performance.now() - seedStarted;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `e2e: migrations ${seconds(worker.timings.migrationsMs)}, wrangler dev ready ${seconds(worker.timings.startMs)}, seeded ${seconds(seedMs)} (${worker.origin}; log ${worker.logPath})`,
    );
    project.provide("e2e", { origin: worker.origin, adminToken: worker.adminToken, seeded });
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
