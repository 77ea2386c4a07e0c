import { beforeAll, describe, expect, it } from "vitest";
import { addMember, createUser, type TestUser } from "../../helpers/fixtures";
import { errorMessage } from "../../helpers/http";
import {
  PLACE_KINDS,
  type Comment,
  commentOk,
  f,
  listComments,
  markdown,
  newPlace,
  openCounter,
  orgId,
  putComment,
  readComment,
  replyOk,
  updateOk,
  useSuiteFixture,
} from "../../helpers/suites/comments";

/**
 * Counters and reactions under concurrent requests: every request below is sent at once, and
 * what they leave must be exact (counters are recounted in SQL in each write's batch, reactions
 * are one row per user and emoji).
 */

useSuiteFixture();

const USERS = 20;
let people: TestUser[];

beforeAll(async () => {
  people = await Promise.all(Array.from({ length: USERS }, (_, index) => createUser(`crowd-${index}`)));
  for (const person of people) await addMember(f.admin, orgId, person, "comment");
}, 60_000);

const all = <T>(run: (person: TestUser, index: number) => Promise<T>) => Promise.all(people.map(run));

describe.each(PLACE_KINDS)("20 users at once on a %s", (kind) => {
  it("post 20 comments: 20 open, listed once each", async () => {
    const place = await newPlace(kind);
    const posted = await all((person, index) => commentOk(person, place, markdown(`Comment ${index}`)));
    expect(await openCounter(f.read, place)).toBe(USERS);
    const list = await listComments(f.read, place, "?limit=100");
    expect(list.count).toBe(USERS);
    expect(new Set(list.items.map((item) => item.id))).toEqual(new Set(posted.map((item) => item.id)));
  });

  it("react to one comment twice over while resolving their own: exact reaction counts, 0 open", async () => {
    const place = await newPlace(kind);
    const target = await commentOk(f.admin, place);
    const own: Comment[] = await all((person) => commentOk(person, place));
    expect(await openCounter(f.read, place)).toBe(USERS + 1);

    await all(async (person, index) => {
      const responses = await Promise.all([
        putComment(person, place, target.id, { addedReactions: ["👍", "🎉"] }),
        putComment(person, place, target.id, { addedReactions: ["👍"] }),
        putComment(person, place, own[index]!.id, { resolved: true, addedReactions: ["✅"] }),
      ]);
      for (const response of responses) expect(response.status, JSON.stringify(response.body)).toBe(200);
    });
    const reacted = await readComment(f.read, place, target.id);
    // In the order each emoji was first used, which the race decides.
    const counts = reacted.reactions.map((reaction) => [reaction.emoji, reaction.count, new Set(reaction.users.map((entry) => entry.user.id)).size]);
    expect(counts.sort()).toEqual([
      ["🎉", USERS, USERS],
      ["👍", USERS, USERS],
    ]);
    expect(await openCounter(f.read, place)).toBe(1);
    expect((await listComments(f.read, place, "?status=resolved&limit=100")).count).toBe(USERS);

    // Everyone at once: reopen their own, withdraw one reaction, and resolve someone else's (refused).
    await all(async (person, index) => {
      const [reopen, withdraw, other] = await Promise.all([
        putComment(person, place, own[index]!.id, { resolved: false }),
        putComment(person, place, target.id, { removedReactions: ["🎉"] }),
        putComment(person, place, own[(index + 1) % USERS]!.id, { resolved: true }),
      ]);
      expect([reopen.status, withdraw.status]).toEqual([200, 200]);
      expect(errorMessage(other, 403)).toMatch(/^Resolving a comment/);
    });
    const after = await readComment(f.read, place, target.id);
    expect(after.reactions.map((reaction) => [reaction.emoji, reaction.count])).toEqual([["👍", USERS]]);
    expect(await openCounter(f.read, place)).toBe(USERS + 1);
  });

  it("all resolve and reopen one comment at once (an admin among them): the counter ends exact", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(people[0]!, place);
    const other = await commentOk(people[1]!, place);
    // The author and an admin race, each many times, in both directions.
    const toggles = Array.from({ length: USERS }, (_, index) => putComment(index % 2 ? f.admin : people[0]!, place, comment.id, { resolved: index % 4 < 2 }));
    for (const response of await Promise.all(toggles)) expect(response.status).toBe(200);
    const final = await readComment(f.read, place, comment.id);
    expect(await openCounter(f.read, place)).toBe(final.status === "open" ? 2 : 1);
    await updateOk(f.admin, place, comment.id, { resolved: true });
    await updateOk(f.admin, place, other.id, { resolved: true });
    expect(await openCounter(f.read, place)).toBe(0);
  });

  it("reply 20 times at once: 20 replies, 20 repliers of one each", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.admin, place);
    await all((person) => replyOk(person, place, comment.id));
    const read = await readComment(f.read, place, comment.id);
    expect(read.replies).toBe(USERS);
    expect(read.repliers).toHaveLength(USERS);
    expect(read.repliers.every((entry) => entry.count === 1)).toBe(true);
  });
});
