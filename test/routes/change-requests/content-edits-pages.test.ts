import { describe, expect, it } from "vitest";
import { commitToMain, createChangeRequest, createSpace, createdPage, editContent, flattenPages, mainPages, mergeChangeRequest } from "../../helpers/content";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { type LinkReport, NO_SUCH_PAGE, type Page, byTitle, changeRequestContentPath, changeRequestSnapshot, crPage, crPages, f, linkSummary, livePages, orgId, postChanges, read, spaceWithChangeRequest, titles, useSuiteFixture } from "../../helpers/suites/content";

/** Change request content edits (updateChangeRequestContent) of pages: insert_page, update_page, JSON documents, delete_page. */

useSuiteFixture();

describe("POST …/change-requests/{id}/content (updateChangeRequestContent): insert_page", () => {
  it("takes the title from the frontmatter, else a leading heading (removed from the body), else `title`, else 'Untitled'", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", ref: "field", title: "From Field", document: { markdown: "Body of field.\n" } },
      // GitBook: frontmatter and a leading heading take precedence over `title` (as Git Sync).
      { operation: "insert_page", ref: "front", title: "Ignored", document: { markdown: "---\ntitle: From Frontmatter\n---\n\nBody of front.\n" } },
      { operation: "insert_page", ref: "heading", title: "Ignored too", document: { markdown: "# From *Heading*\n\nBody of heading.\n\n# Second H1 stays\n" } },
      { operation: "insert_page", ref: "none", document: { markdown: "Just text.\n" } },
      { operation: "insert_page", ref: "empty", document: {} },
    ]);
    const pages = await crPages(spaceId, changeRequestId);
    expect(pages.map((page) => [page.title, page.slug, page.markdown])).toEqual([
      ["From Field", "from-field", "Body of field.\n"],
      ["From Frontmatter", "from-frontmatter", "Body of front.\n"],
      ["From Heading", "from-heading", "Body of heading.\n\n# Second H1 stays\n"],
      ["Untitled", "untitled", "Just text.\n"],
      ["Untitled", "untitled-2", ""],
    ]);
    // Each created page is reported with its ref, in batch order.
    expect(pages.map((page) => page.id)).toEqual(["field", "front", "heading", "none", "empty"].map((ref) => createdPage(result, ref)));
    expect(pages.every((page) => page.pages.length === 0 && page.path === page.slug)).toBe(true);
  });

  it("sets a new page's metadata from its frontmatter, over the fields", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      {
        operation: "insert_page",
        ref: "p",
        title: "Field",
        description: "field description",
        hidden: false,
        emoji: "1f600",
        document: { markdown: "---\ndescription: frontmatter description\nhidden: true\nnoIndex: true\nicon: rocket\n---\n# Heading title\n\nText.\n" },
      },
    ]);
    const page = await crPage(spaceId, changeRequestId, createdPage(result, "p"));
    expect(page).toMatchObject({
      title: "Heading title",
      slug: "heading-title",
      description: "frontmatter description",
      hidden: true,
      noIndex: true,
      icon: "rocket",
      emoji: "1f600",
      markdown: "Text.\n",
    });
    expectSpecResponse("getPageInChangeRequestById", 200, page);
  });

  it("derives slugs from titles, de-duplicated among siblings only", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const first = await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "guide", title: "Guide", document: {} }]);
    const guide = createdPage(first, "guide");
    await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", title: "Guide", document: {} },
      { operation: "insert_page", title: "Guide", document: {} },
      // Under another parent the slug is free again.
      { operation: "insert_page", title: "Guide", into: guide, document: {} },
      { operation: "insert_page", title: "  Café Über: the 2nd ÉDITION!  ", document: {} },
      { operation: "insert_page", title: "???", document: {} },
    ]);
    const pages = await crPages(spaceId, changeRequestId);
    expect(pages.map((page) => page.slug)).toEqual(["guide", "guide-2", "guide-3", "cafe-uber-the-2nd-edition", "page"]);
    expect(pages[0]!.pages.map((page) => [page.slug, page.path])).toEqual([["guide", "guide/guide"]]);
  });

  it("takes an explicit slug, and refuses one a sibling already has (400 naming changes[i].slug), changing nothing", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", title: "Intro", slug: "start-here", document: {} }]);
    expect((await crPages(spaceId, changeRequestId)).map((page) => page.slug)).toEqual(["start-here"]);
    const before = await changeRequestSnapshot(spaceId, changeRequestId);

    // Taken by a page already in the change request...
    const taken = await postChanges(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", title: "Fine", document: {} },
      { operation: "insert_page", title: "Other", slug: "start-here", document: {} },
    ]);
    expect(errorMessage(taken, 400)).toMatch(/'changes\[1\]\.slug'/);
    // ...or by a page inserted earlier in the same batch.
    const inBatch = await postChanges(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", title: "A", slug: "same", document: {} },
      { operation: "insert_page", title: "B", slug: "same", document: {} },
    ]);
    expect(errorMessage(inBatch, 400)).toMatch(/'changes\[1\]\.slug'/);
    // Not a URL path segment: refused by validation.
    expect(errorMessage(await postChanges(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", slug: "a/b", document: {} }]), 400)).toMatch(
      /'changes\[0\]\.slug'/,
    );
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
  });

  it("places pages `into` a parent and `at` an index among the siblings, in order", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const first = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", ref: "a", title: "A", document: {} },
      { operation: "insert_page", ref: "b", title: "B", document: {} },
      { operation: "insert_page", ref: "c", title: "C", document: {} },
    ]);
    const a = createdPage(first, "a");
    await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", title: "X", at: 0, document: {} },
      // Indexes count the siblings as they are when the change applies (X is already first).
      { operation: "insert_page", title: "Y", at: 2, document: {} },
      { operation: "insert_page", title: "Child 1", into: a, document: {} },
      { operation: "insert_page", title: "Child 0", into: a, at: 0, document: {} },
      // `at` equal to the number of siblings is the end.
      { operation: "insert_page", title: "End", at: 5, document: {} },
    ]);
    const pages = await crPages(spaceId, changeRequestId);
    expect(titles(pages)).toEqual(["X", "A", "Y", "B", "C", "End"]);
    const parent = byTitle(pages, "A");
    expect(parent.id).toBe(a);
    expect(parent.pages.map((page) => [page.title, page.path])).toEqual([
      ["Child 0", "a/child-0"],
      ["Child 1", "a/child-1"],
    ]);
    // The page read on its own has the same children.
    expect((await crPage(spaceId, changeRequestId, a)).pages.map((page) => page.title)).toEqual(["Child 0", "Child 1"]);
  });

  it("refuses `into` an unknown page and `at` beyond the siblings (400 naming the field), changing nothing", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const first = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", ref: "a", title: "A", document: {} },
      { operation: "insert_page", title: "B", document: {} },
    ]);
    const a = createdPage(first, "a");
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    const cases: Array<[unknown[], RegExp]> = [
      [[{ operation: "insert_page", title: "Lost", into: NO_SUCH_PAGE, document: {} }], /'changes\[0\]\.into'/],
      [[{ operation: "insert_page", title: "Ok", document: {} }, { operation: "insert_page", title: "Far", at: 4, document: {} }], /'changes\[1\]\.at'/],
      [[{ operation: "insert_page", title: "Far", at: 3, document: {} }], /'changes\[0\]\.at'/],
      // A has no children yet: only index 0 is possible there.
      [[{ operation: "insert_page", title: "Deep", into: a, at: 1, document: {} }], /'changes\[0\]\.at'/],
      [[{ operation: "insert_page", title: "Negative", at: -1, document: {} }], /'changes\[0\]\.at'/],
      [[{ operation: "insert_page", title: "Bad id", into: "not an id!", document: {} }], /'changes\[0\]\.into'/],
    ];
    for (const [changes, field] of cases) {
      expect(errorMessage(await postChanges(f.admin, spaceId, changeRequestId, changes), 400), JSON.stringify(changes)).toMatch(field);
    }
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
  });
});

describe("POST …/change-requests/{id}/content (updateChangeRequestContent): update_page", () => {
  it("replaces the body with a markdown document, a leading heading renaming the page but not its slug", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const page = createdPage(
      await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "p", title: "Old", document: { markdown: "old body\n" } }]),
      "p",
    );
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "update_page", page, document: { markdown: "# New title\n\nnew body\n\n- one\n- two\n" } },
    ]);
    expect(result.changes).toEqual([{ object: "updated_page", page: expect.objectContaining({ object: "page", id: page }) }]);
    const updated = await crPage(spaceId, changeRequestId, page);
    expect(updated).toMatchObject({ title: "New title", slug: "old", markdown: "new body\n\n- one\n- two\n" });
  });

  it("applies frontmatter metadata (description, hidden, noIndex, icon, emoji), which wins over the fields", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const inserted = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", ref: "front", title: "Front", document: { markdown: "before\n" } },
      { operation: "insert_page", ref: "fields", title: "Fields", document: { markdown: "kept\n" } },
    ]);
    const front = createdPage(inserted, "front");
    const fields = createdPage(inserted, "fields");
    await editContent(f.admin, spaceId, changeRequestId, [
      {
        operation: "update_page",
        page: front,
        title: "Field title",
        description: "from the field",
        hidden: false,
        noIndex: false,
        icon: "field-icon",
        emoji: "1f600",
        document: { markdown: "---\ndescription: from the frontmatter\nhidden: true\nnoIndex: true\nicon: book\nemoji: 1f389\n---\n\nBody\n" },
      },
      // Without a document, the fields alone apply.
      { operation: "update_page", page: fields, description: "only a field", hidden: true, emoji: "1f680" },
    ]);
    const updatedFront = await crPage(spaceId, changeRequestId, front);
    expect(updatedFront).toMatchObject({
      // No title in the frontmatter nor a heading: the field's title applies.
      title: "Field title",
      description: "from the frontmatter",
      hidden: true,
      noIndex: true,
      icon: "book",
      emoji: "1f389",
      markdown: "Body\n",
    });
    const updatedFields = await crPage(spaceId, changeRequestId, fields);
    expect(updatedFields).toMatchObject({ title: "Fields", description: "only a field", hidden: true, noIndex: false, emoji: "1f680", markdown: "kept\n" });
    expectSpecResponse("getPageInChangeRequestById", 200, updatedFront);
  });

  it("removes an emoji, icon or description set to an empty string", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const page = createdPage(
      await editContent(f.admin, spaceId, changeRequestId, [
        { operation: "insert_page", ref: "p", title: "Decorated", emoji: "1f389", icon: "gear", description: "About", document: {} },
      ]),
      "p",
    );
    expect(await crPage(spaceId, changeRequestId, page)).toMatchObject({ emoji: "1f389", icon: "gear", description: "About" });
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "update_page", page, emoji: "", icon: "", description: "" }]);
    const plain = await crPage(spaceId, changeRequestId, page);
    expect(plain).not.toHaveProperty("emoji");
    expect(plain).not.toHaveProperty("icon");
    expect(plain).not.toHaveProperty("description");
    expect(plain.title).toBe("Decorated");
  });

  it("keeps the body on a metadata-only update, renaming title and slug independently", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const page = createdPage(
      await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "p", title: "Before", document: { markdown: "Body stays.\n" } }]),
      "p",
    );
    const before = await crPage(spaceId, changeRequestId, page);
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "update_page", page, title: "After" }]);
    const renamed = await crPage(spaceId, changeRequestId, page);
    expect(renamed).toMatchObject({ title: "After", slug: "before", markdown: "Body stays.\n", documentId: before.documentId });
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "update_page", page, slug: "moved-url" }]);
    expect(await crPage(spaceId, changeRequestId, page)).toMatchObject({ title: "After", slug: "moved-url", path: "moved-url", markdown: "Body stays.\n" });
  });

  it("moves a page with into/at, into=null to the root, and refuses a move into itself or its own pages", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const top = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", ref: "a", title: "A", document: {} },
      { operation: "insert_page", ref: "b", title: "B", document: {} },
      { operation: "insert_page", ref: "c", title: "C", document: {} },
      { operation: "insert_page", ref: "dup", title: "Dup", document: {} },
    ]);
    const [a, b, c, dup] = ["a", "b", "c", "dup"].map((ref) => createdPage(top, ref)) as [string, string, string, string];
    const children = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", ref: "a1", title: "A1", into: a, document: {} },
      { operation: "insert_page", ref: "a2", title: "A2", into: a, document: {} },
      { operation: "insert_page", title: "Dup", into: a, document: {} },
    ]);
    const a1 = createdPage(children, "a1");
    const a2 = createdPage(children, "a2");
    const a1x = createdPage(await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "x", title: "A1x", into: a1, document: {} }]), "x");

    // Into another parent at an index; the page keeps its children and body.
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "update_page", page: c, into: a, at: 0 }]);
    let pages = await crPages(spaceId, changeRequestId);
    expect(titles(pages)).toEqual(["A", "B", "Dup"]);
    expect(titles(byTitle(pages, "A").pages)).toEqual(["C", "A1", "A2", "Dup"]);
    expect(byTitle(pages, "C").path).toBe("a/c");

    // into=null: to the root, at the end when no `at` is given.
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "update_page", page: a2, into: null }]);
    // `at` alone: a new place among the same siblings.
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "update_page", page: b, at: 0 }]);
    pages = await crPages(spaceId, changeRequestId);
    expect(titles(pages)).toEqual(["B", "A", "Dup", "A2"]);
    expect(titles(byTitle(pages, "A").pages)).toEqual(["C", "A1", "Dup"]);
    expect(byTitle(pages, "A2").path).toBe("a2");
    expect(byTitle(pages, "A1x").path).toBe("a/a1/a1x");

    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ page: a, into: a1x }, /'changes\[0\]\.into'/],
      [{ page: a, into: a1 }, /'changes\[0\]\.into'/],
      [{ page: a, into: a }, /'changes\[0\]\.into'/],
      [{ page: a, into: NO_SUCH_PAGE }, /'changes\[0\]\.into'/],
      [{ page: NO_SUCH_PAGE, title: "x" }, /'changes\[0\]\.page'/],
      // A has three children (C, A1, Dup): index 4 is past the end.
      [{ page: b, into: a, at: 4 }, /'changes\[0\]\.at'/],
      // Under A a sibling already has the slug 'dup'.
      [{ page: dup, into: a }, /'changes\[0\]\.slug'/],
    ];
    for (const [change, field] of refusals) {
      const response = await postChanges(f.admin, spaceId, changeRequestId, [{ operation: "update_page", ...change }]);
      expect(errorMessage(response, 400), JSON.stringify(change)).toMatch(field);
    }
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
  });
});

describe("POST …/change-requests/{id}/content (updateChangeRequestContent): JSON documents", () => {
  it("takes a page body as a JSON document, the same one a page reads back with format=document", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    // Written as the document-to-markdown serializer writes it (`*` emphasis and bullets), so the
    // round trip is exact; other spellings are normalized to these.
    const markdown =
      "Intro with **bold**, *italic* and `code`.\n\n## Section\n\n* one\n* two\n\n> Quoted\n\n```js\nconst x = 1;\n```\n\n" +
      "$$\n\\frac{a}{b}\n$$\n\nEnergy is $$E = mc^2$$.\n\n" +
      `See [the page](/pages/${NO_SUCH_PAGE}) and [the web](https://example.com/).\n`;
    const source = createdPage(
      await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "s", title: "Source", document: { markdown } }]),
      "s",
    );
    expect((await crPage(spaceId, changeRequestId, source)).markdown).toBe(markdown);
    const asDocument = await read<Page>(f.admin, `${changeRequestContentPath(spaceId, changeRequestId)}/page/${source}?format=document`);
    expect(asDocument.document!.nodes.map((node) => node.type)).toEqual(["paragraph", "heading-2", "list-unordered", "blockquote", "code", "math", "paragraph", "paragraph"]);
    // GitBook's math nodes: a block, and an inline formula inside the paragraph's text.
    expect(asDocument.document!.nodes[5]).toMatchObject({ object: "block", type: "math", isVoid: true, data: { formula: "\\frac{a}{b}" } });
    expect((asDocument.document!.nodes[6] as { type: string; nodes?: unknown[] }).nodes?.[1]).toMatchObject({ object: "inline", type: "inline-math", isVoid: true, data: { formula: "E = mc^2" } });

    // Sent back as a JSON document, the body reads as the same markdown.
    const copy = createdPage(
      await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "c", title: "Copy", document: { document: asDocument.document } }]),
      "c",
    );
    const copied = await crPage(spaceId, changeRequestId, copy);
    expect(copied.markdown).toBe(markdown);
    const copiedDocument = await read<Page>(f.admin, `${changeRequestContentPath(spaceId, changeRequestId)}/page/${copy}?format=document`);
    expect(copiedDocument.document).toEqual(asDocument.document);
    // The copy's links are links of the revision like any other.
    const links = await read<LinkReport>(f.admin, `${changeRequestContentPath(spaceId, changeRequestId)}/page/${copy}/links`);
    expect(linkSummary(links)).toEqual([`broken link page:${NO_SUCH_PAGE}`, "ok link url:https://example.com/"]);
  });
});

describe("POST …/change-requests/{id}/content (updateChangeRequestContent): delete_page", () => {
  it("deletes a page with its subpages, listing each as deleted_page; main keeps them until merged", async () => {
    const space = await createSpace(f.admin, orgId);
    const top = await commitToMain(f.admin, space.id, [
      { operation: "insert_page", ref: "p", title: "Parent", document: {} },
      { operation: "insert_page", ref: "s", title: "Sibling", document: {} },
    ]);
    const parent = createdPage(top, "p");
    const child = createdPage(await commitToMain(f.admin, space.id, [{ operation: "insert_page", ref: "c", title: "Child", into: parent, document: {} }]), "c");
    const grandchild = createdPage(
      await commitToMain(f.admin, space.id, [{ operation: "insert_page", ref: "g", title: "Grandchild", into: child, document: {} }]),
      "g",
    );
    const changeRequest = await createChangeRequest(f.admin, space.id);

    const result = await editContent(f.admin, space.id, changeRequest.id, [{ operation: "delete_page", page: parent }]);
    expect(result.changes).toHaveLength(3);
    expect(result.changes.every((change) => change.object === "deleted_page")).toBe(true);
    expect(result.changes.map((change) => change.page).sort()).toEqual([parent, child, grandchild].sort());
    expectSpecResponse("updateChangeRequestContent", 200, result);

    expect(titles(await crPages(space.id, changeRequest.id))).toEqual(["Sibling"]);
    await inParallel([parent, child, grandchild], async (pageId) => {
      errorMessage(await call("GET", `${changeRequestContentPath(space.id, changeRequest.id)}/page/${pageId}`, { token: f.admin.token }), 404);
    });
    // Main is unaffected until the change request is merged.
    expect(flattenPages((await mainPages(f.admin, space.id)) as any).map((page) => page.title)).toEqual(["Parent", "Child", "Grandchild", "Sibling"]);
    expect(errorMessage(await postChanges(f.admin, space.id, changeRequest.id, [{ operation: "delete_page", page: parent }]), 400)).toMatch(
      /'changes\[0\]\.page'/,
    );
    await mergeChangeRequest(f.admin, space.id, changeRequest.id);
    expect(titles(await livePages(space.id))).toEqual(["Sibling"]);
  });
});
