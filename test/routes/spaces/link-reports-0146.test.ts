import { ContentReferenceStatus } from "gitbook-api-0146";
import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createChangeRequest, createSpace, createdPage, editContent } from "../../helpers/content";
import { gitbookClient0146 } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { serverTiming } from "../../helpers/server-timing";
import { expectSpec0146Response } from "../../helpers/spec-0146";
import { type LinkReport, NO_SUCH_PAGE, backlinkPages, f, linkSummary, orgId, read, spaceContentPath, useSuiteFixture } from "../../helpers/suites/content";

/**
 * The link reports and backlinks GitBook's 0.146 spec has and the seed did not list, under 0.146's
 * operationIds: listPageLinksInSpace, listSpacePageBacklinks, listChangeRequestLinks (with
 * `brokenContext`), listPageLinksInChangeRequest. Items keep the seed's shape (references by id,
 * where 0.146 embeds whole objects), so only the envelope and `stats` are checked against 0.146.
 */

useSuiteFixture();

/** The list envelope and stats of a report against 0.146 (its items embed objects the seed names by id). */
const expectEnvelope0146 = (operationId: string, body: LinkReport) => expectSpec0146Response(operationId, 200, { ...body, items: [] });

describe("link reports of GitBook 0.146", () => {
  let spaceId: string;
  let changeRequestId: string;
  const ids = {} as Record<"home" | "guide" | "old" | "draft", string>;
  const crPath = (suffix = "") => `/v1/spaces/${spaceId}/change-requests/${changeRequestId}${suffix}`;

  beforeAll(async () => {
    spaceId = (await createSpace(f.admin, orgId, { title: "Links" })).id;
    const made = await commitToMain(f.admin, spaceId, [
      { operation: "insert_page", ref: "home", title: "Home", document: { markdown: "Welcome.\n" } },
      { operation: "insert_page", ref: "guide", title: "Guide", document: { markdown: "See [home](./home.md).\n" } },
      { operation: "insert_page", ref: "old", title: "Old", document: { markdown: `A [dead link](/pages/${NO_SUCH_PAGE}).\n` } },
    ]);
    for (const ref of ["home", "guide", "old"] as const) ids[ref] = createdPage(made, ref);
    changeRequestId = (await createChangeRequest(f.admin, spaceId)).id;
    const draft = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", ref: "draft", title: "Draft", document: { markdown: `Links [home](/pages/${ids.home}) and [nothing](/pages/gone0000000000000000).\n` } },
    ]);
    ids.draft = createdPage(draft, "draft");
  }, 60_000);

  it("listPageLinksInSpace: a page's links (GitBook's operationId for the seed's page link report)", async () => {
    const report = await read<LinkReport>(f.read, `${spaceContentPath(spaceId)}/page/${ids.guide}/links`);
    expect(linkSummary(report)).toEqual([`ok link page:${ids.home}`]);
    expectEnvelope0146("listPageLinksInSpace", report);
    const client = (await gitbookClient0146(f.read).spaces.listPageLinksInSpace(spaceId, ids.old, { status: ContentReferenceStatus.Broken })).data;
    expect(client.stats).toEqual({ total: 1, broken: { total: 1, changeRequest: 0 } });
  });

  it("listSpacePageBacklinks: the pages of the space's revision linking to a page", async () => {
    const backlinks = await read(f.read, `${spaceContentPath(spaceId)}/page/${ids.home}/backlinks`);
    expect(backlinkPages(backlinks)).toEqual([ids.guide]);
    expectSpec0146Response("listSpacePageBacklinks", 200, { ...backlinks, items: [] });
    // The change request's Draft links Home too, but not in the space's revision.
    expect(backlinkPages((await gitbookClient0146(f.read).spaces.listSpacePageBacklinks(spaceId, ids.home)).data as never)).toEqual([ids.guide]);
    errorMessage(await call("GET", `${spaceContentPath(spaceId)}/page/${NO_SUCH_PAGE}/backlinks`, { token: f.read.token }), 404);
  });

  it("listChangeRequestLinks: the change request's report; brokenContext=change-request keeps the broken links it carries", async () => {
    const all = await read<LinkReport>(f.read, crPath("/links"));
    expect(linkSummary(all)).toEqual([`broken link page:${NO_SUCH_PAGE}`, "broken link page:gone0000000000000000", `ok link page:${ids.home}`].sort());
    expect(all.stats).toEqual({ total: 3, broken: { total: 2, changeRequest: 1 } });
    expectEnvelope0146("listChangeRequestLinks", all);
    expect(await read(f.read, crPath("/links?brokenContext=space"))).toEqual(all);
    const own = await read<LinkReport>(f.read, crPath("/links?brokenContext=change-request&status=broken"));
    expect(linkSummary(own)).toEqual(["broken link page:gone0000000000000000"]);
    expect(own.stats).toEqual(all.stats);
    expect(errorMessage(await call("GET", crPath("/links?brokenContext=everywhere"), { token: f.read.token }), 400)).toMatch(/'brokenContext'/);
    const client = (await gitbookClient0146(f.read).spaces.listChangeRequestLinks(spaceId, changeRequestId, { brokenContext: "change-request" })).data;
    expect(client.count).toBe(2);
  });

  it("listPageLinksInChangeRequest: a page's links in the change request", async () => {
    const report = (await gitbookClient0146(f.read).spaces.listPageLinksInChangeRequest(spaceId, changeRequestId, ids.draft)).data as unknown as LinkReport;
    expect(linkSummary(report)).toEqual(["broken link page:gone0000000000000000", `ok link page:${ids.home}`]);
    expect(report.stats.broken.changeRequest).toBe(1);
  });

  it("is a 404 to an outsider and a guest, a 401 without a token; a cached report costs one round trip", async () => {
    const paths = [`${spaceContentPath(spaceId)}/page/${ids.home}/backlinks`, crPath("/links"), `${spaceContentPath(spaceId)}/page/${ids.guide}/links`];
    await inParallel(paths, async (path) => {
      for (const who of ["outsider", "guest"] as const) errorMessage(await call("GET", path, { token: f[who].token }), 404);
      errorMessage(await call("GET", path), 401);
      await read(f.read, path);
      expect(serverTiming(await call("GET", path, { token: f.read.token })).d1.roundTrips, path).toBe(1);
    });
    errorMessage(await call("GET", `/v1/spaces/${spaceId}/change-requests/noSuchChangeRequest0/links`, { token: f.read.token }), 404);
  });
});
