import { beforeAll, describe, expect, it } from "vitest";
import { createOrganization, createUser, organizationWithEveryRole } from "../../helpers/fixtures";
import { errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { conversation, conversationCall, conversationsPath, ingest, read, takeJobs } from "../../helpers/conversations";

/**
 * POST /v1/orgs/{organizationId}/conversations (ingestConversation): one conversation or an
 * array, 204 at once, bounded, idempotent by id within the caller's source.
 */

let world: Awaited<ReturnType<typeof organizationWithEveryRole>>;
let organizationId: string;

beforeAll(async () => {
  world = await organizationWithEveryRole();
  organizationId = world.organization.id;
});

const post = (token: string | undefined, body: unknown, id = organizationId) => conversationCall("POST", conversationsPath(id), { token, body });

describe("ingesting conversations", () => {
  it("takes one conversation, stores it as given and queues its analysis", async () => {
    const input = conversation("Where do I find my API key?", {
      subject: "API key",
      metadata: { url: "https://support.example.com/tickets/1", attributes: { plan: "pro", region: "eu" }, createdAt: "2026-11-20T09:30:00+01:00" },
    });
    const jobs = await ingest(world.admin.token, organizationId, input);
    expect(jobs).toEqual([{ kind: "conversations.analyse", organizationId, conversationId: expect.any(String), revision: 1 }]);
    const detail = await read(world.read.token, `${conversationsPath(organizationId)}/${jobs[0]!.conversationId}`, "getConversationById");
    expect(detail).toEqual({
      conversation: {
        object: "conversation",
        id: jobs[0]!.conversationId,
        subject: "API key",
        createdAt: "2026-11-20T08:30:00.000Z",
        source: `integration:api:${world.admin.id}`,
        urls: { location: expect.stringMatching(new RegExp(`/v1/orgs/${organizationId}/conversations/${jobs[0]!.conversationId}$`)), source: "https://support.example.com/tickets/1" },
      },
      parts: input.parts,
      metadata: { url: "https://support.example.com/tickets/1", attributes: { plan: "pro", region: "eu" }, createdAt: "2026-11-20T08:30:00.000Z" },
    });
  });

  it("takes an array, one job per conversation; a repeated id counts once (the last wins)", async () => {
    const first = conversation("Search finds nothing");
    const jobs = await ingest(world.create.token, organizationId, [first, conversation("Export fails"), { ...first, subject: "Updated" }]);
    expect(jobs).toHaveLength(2);
    const detail = await read(world.read.token, `${conversationsPath(organizationId)}/${jobs[0]!.conversationId}`, "getConversationById");
    expect(detail.conversation.subject).toBe("Updated");
  });

  it("keeps conversations of different sources apart: the same id from another user is another conversation", async () => {
    const input = conversation("Where do I find my API key?");
    const [mine] = await ingest(world.admin.token, organizationId, input);
    const [theirs] = await ingest(world.create.token, organizationId, input);
    expect(theirs!.conversationId).not.toBe(mine!.conversationId);
    const [again] = await ingest(world.admin.token, organizationId, { ...input, subject: "Now with a subject" });
    expect(again).toEqual({ ...mine, revision: 2 });
  });

  it("refuses what is over a limit with a 400 naming it, and stores nothing", async () => {
    const token = world.admin.token;
    const part = (body: string) => ({ type: "message", role: "user", body });
    const cases: Array<[unknown, RegExp]> = [
      [Array.from({ length: 101 }, () => conversation("Too many")), /Too big: expected array to have <=100 items/],
      [[], /Too small: expected array to have >=1 items/],
      [{ id: "parts", parts: Array.from({ length: 201 }, () => part("x")) }, /'parts'.*<=200 items/],
      [{ id: "body", parts: [part("x".repeat(32_769))] }, /'parts\[0\]\.body'.*<=32768 characters/],
      [{ id: "bodies", parts: Array.from({ length: 9 }, () => part("x".repeat(30_000))) }, /'parts'.*at most 262144 characters together/],
      [{ id: "", parts: [] }, /'id'.*>=1 characters/],
      [{ id: "x".repeat(256), parts: [] }, /'id'.*<=255 characters/],
      [{ id: "subject", subject: "s".repeat(513), parts: [] }, /'subject'.*<=512 characters/],
      [{ id: "attributes", parts: [], metadata: { attributes: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])) } }, /'metadata\.attributes'.*at most 50 attributes/],
      [{ id: "role", parts: [{ type: "message", role: "robot", body: "hi" }] }, /'parts\[0\]\.role'/],
      [{ id: "type", parts: [{ type: "note", role: "user", body: "hi" }] }, /'parts\[0\]\.type'/],
      [{ id: "date", parts: [], metadata: { createdAt: "yesterday" } }, /'metadata\.createdAt'/],
      [{ id: "extra", parts: [], source: "email" }, /'source': not a field this operation accepts/],
      [[conversation("fine", { subject: "refused with its batch" }), { id: "second", parts: [part("y".repeat(40_000))] }], /'\[1\]\.parts\[0\]\.body'.*<=32768/],
    ];
    takeJobs();
    await inParallel(cases, async ([body, pattern]) => expect(errorMessage(await post(token, body), 400)).toMatch(pattern));
    expect(takeJobs()).toEqual([]);
    const list = await read(token, `${conversationsPath(organizationId)}?limit=1000`, "listConversations");
    expect(list.items.map((item: { subject?: string }) => item.subject)).not.toContain("refused with its batch");
  });

  it("refuses a body over 2 MiB with a 413", async () => {
    const response = await post(world.admin.token, [{ id: "big", parts: Array.from({ length: 70 }, () => ({ type: "message", role: "user", body: "z".repeat(32_000) })) }]);
    expect(errorMessage(response, 413)).toMatch(/2097152/);
  });

  it("is for members with the role create or higher: 403 below, 404 outside, 401 without a token", async () => {
    const body = conversation("Where do I find my API key?");
    await inParallel(["review", "edit", "comment", "read", "guest"] as const, async (role) => {
      expect(errorMessage(await post(world[role].token, body), 403)).toMatch(/ingestConversations.*'create'/);
    });
    expect(errorMessage(await post(world.outsider.token, body), 404)).toMatch(/Organization/);
    expect(errorMessage(await post(world.admin.token, body, world.outsiderOrganization.id), 404)).toMatch(/Organization/);
    errorMessage(await post(undefined, body), 401);
  });
});

describe("who may ingest, seen from the organization", () => {
  it("says so in the organization's permissions", async () => {
    const other = await createUser("reader");
    const organization = await createOrganization(other);
    expect(organization.permissions.ingestConversations).toBe(true);
  });
});
