import { describe, expect, it } from "vitest";
import { call } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { serverTiming } from "../../helpers/server-timing";
import { PLACE_KINDS, commentOk, commentsPath, f, newPlace, replyOk, updateOk, useSuiteFixture } from "../../helpers/suites/comments";

/** A page of comments costs the same D1 round trips however many comments, replies and reactions it shows. */

useSuiteFixture();

describe.each(PLACE_KINDS)("a page of comments on a %s", (kind) => {
  it("is read in the same number of round trips with 1 comment as with 20 that have replies and reactions", async () => {
    const roundTrips = async (path: string) => {
      const response = await call("GET", `${path}?limit=50`, { token: f.read.token });
      expect(response.status).toBe(200);
      return { roundTrips: serverTiming(response).d1.roundTrips, items: response.body.items.length as number };
    };
    const small = await newPlace(kind);
    await commentOk(f.edit, small);
    const large = await newPlace(kind);
    await inParallel(Array.from({ length: 20 }, (_, i) => i), async () => {
      const comment = await commentOk(f.edit, large);
      await replyOk(f.comment, large, comment.id);
      await updateOk(f.review, large, comment.id, { addedReactions: ["👍"] });
    });

    const one = await roundTrips(commentsPath(small));
    const twenty = await roundTrips(commentsPath(large));
    expect([one.items, twenty.items]).toEqual([1, 20]);
    expect(twenty.roundTrips).toBe(one.roundTrips);
    // The caller's lookup, the access check and the page with everything its items carry: one batch.
    expect(twenty.roundTrips).toBe(1);
  });
});
