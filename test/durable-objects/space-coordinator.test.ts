import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SpaceCoordinator } from "../../src/durable-objects/space-coordinator";

const coordinatorFor = (spaceId: string) =>
  env.SPACE_COORDINATOR.get(env.SPACE_COORDINATOR.idFromName(spaceId)) as DurableObjectStub<SpaceCoordinator>;

describe("SpaceCoordinator", () => {
  it("hands out each value of a sequence once, in order, under concurrent calls", async () => {
    const coordinator = coordinatorFor("space-concurrency");
    const values = await Promise.all(Array.from({ length: 40 }, () => coordinator.nextInSequence("change-requests")));
    expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect(await coordinator.currentInSequence("change-requests")).toBe(40);
  });

  it("keeps sequences apart per name and per space", async () => {
    const first = coordinatorFor("space-a");
    const second = coordinatorFor("space-b");
    expect(await first.nextInSequence("change-requests")).toBe(1);
    expect(await first.nextInSequence("revisions")).toBe(1);
    expect(await first.nextInSequence("change-requests")).toBe(2);
    expect(await second.nextInSequence("change-requests")).toBe(1);
    expect(await second.currentInSequence("revisions")).toBe(0);
  });

  it("keeps values in its SQLite storage, so a restarted object continues the sequence", async () => {
    const coordinator = coordinatorFor("space-durable");
    await coordinator.nextInSequence("change-requests");
    await coordinator.nextInSequence("change-requests");
    const stored = await runInDurableObject(coordinator, (_instance, state) =>
      state.storage.sql.exec<{ value: number }>("SELECT value FROM sequences WHERE name = 'change-requests'").one(),
    );
    expect(stored.value).toBe(2);
  });

  it("runs operations one at a time even across awaits, and a failure does not block the next", async () => {
    const coordinator = coordinatorFor("space-exclusive");
    const order = await runInDurableObject(coordinator, async (instance) => {
      const events: string[] = [];
      const exclusive = (instance as unknown as { exclusive<T>(operation: () => Promise<T>): Promise<T> }).exclusive.bind(instance);
      const slow = exclusive(async () => {
        events.push("slow:start");
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push("slow:end");
      });
      const failing = exclusive(async () => {
        events.push("failing");
        throw new Error("boom");
      });
      const fast = exclusive(async () => void events.push("fast"));
      await Promise.allSettled([slow, failing, fast]);
      return events;
    });
    expect(order).toEqual(["slow:start", "slow:end", "failing", "fast"]);
  });
});
