import { createApp } from "./app";
import type { Bindings } from "./context";
import { runScheduled } from "./cron/scheduled";
import { consumeQueue } from "./queues/consumer";

export { SpaceCoordinator } from "./durable-objects/space-coordinator";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: (batch, env) => consumeQueue(batch, env),
  scheduled: (controller, env, ctx) => ctx.waitUntil(runScheduled(controller, env)),
} satisfies ExportedHandler<Bindings>;
