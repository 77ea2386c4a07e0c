import { describe, expect, it } from "vitest";
import type { PageData } from "../../src/db/schema";
import type { Entry } from "../../src/domain/revisions/entries";
import { CONFLICT_MARKERS, mergeEntry, mergeText } from "../../src/domain/revisions/merge";

/** Unit tests of the three-way merge used by both updating and merging a change request. */

const { ours: OURS, separator: SEPARATOR, theirs: THEIRS } = CONFLICT_MARKERS;
const lines = (...items: string[]) => items.join("\n");

describe("mergeText", () => {
  it("uses the documented markers", () => {
    expect(CONFLICT_MARKERS).toEqual({ ours: "<<<<<<< main", separator: "=======", theirs: ">>>>>>> change request" });
  });

  it("returns the text unchanged when nothing changed", () => {
    const text = lines("a", "b", "c", "");
    expect(mergeText(text, text, text)).toEqual({ text, conflict: false });
  });

  it("takes the side that changed when only one did", () => {
    const base = lines("a", "b", "c", "");
    const changed = lines("a", "B", "c", "");
    expect(mergeText(base, changed, base)).toEqual({ text: changed, conflict: false });
    expect(mergeText(base, base, changed)).toEqual({ text: changed, conflict: false });
  });

  it("merges changes to different lines from both sides", () => {
    const base = lines("one", "two", "three", "four", "five", "");
    const ours = lines("ONE", "two", "three", "four", "five", "");
    const theirs = lines("one", "two", "three", "four", "FIVE", "");
    expect(mergeText(base, ours, theirs)).toEqual({ text: lines("ONE", "two", "three", "four", "FIVE", ""), conflict: false });
  });

  it("merges the same change made on both sides without a conflict", () => {
    const base = lines("a", "b", "c");
    const both = lines("a", "B", "c");
    expect(mergeText(base, both, both)).toEqual({ text: both, conflict: false });
  });

  it("keeps both versions of a line changed differently, main's first, between markers", () => {
    const base = lines("a", "b", "c");
    const result = mergeText(base, lines("a", "b main", "c"), lines("a", "b change request", "c"));
    expect(result.conflict).toBe(true);
    expect(result.text).toBe(lines("a", OURS, "b main", SEPARATOR, "b change request", THEIRS, "c"));
  });

  it("keeps the merged parts around a conflict", () => {
    const base = lines("1", "2", "3", "4", "5", "6", "7");
    const ours = lines("1 main", "2", "3", "4 main", "5", "6", "7");
    const theirs = lines("1", "2", "3", "4 cr", "5", "6", "7 cr");
    const result = mergeText(base, ours, theirs);
    expect(result.conflict).toBe(true);
    expect(result.text).toBe(lines("1 main", "2", "3", OURS, "4 main", SEPARATOR, "4 cr", THEIRS, "5", "6", "7 cr"));
  });

  it("keeps a multi-line conflicting region whole on each side", () => {
    const base = lines("a", "b", "c", "d");
    const ours = lines("a", "B1", "C1", "d");
    const theirs = lines("a", "B2", "C2", "d");
    expect(mergeText(base, ours, theirs).text).toBe(lines("a", OURS, "B1", "C1", SEPARATOR, "B2", "C2", THEIRS, "d"));
  });

  it("conflicts on different insertions at the same place, keeping both", () => {
    const base = lines("a", "c");
    const result = mergeText(base, lines("a", "x", "c"), lines("a", "y", "c"));
    expect(result.conflict).toBe(true);
    expect(result.text).toBe(lines("a", OURS, "x", SEPARATOR, "y", THEIRS, "c"));
  });

  it("merges insertions at different places", () => {
    const base = lines("a", "b", "c", "d");
    const result = mergeText(base, lines("top", "a", "b", "c", "d"), lines("a", "b", "c", "d", "bottom"));
    expect(result).toEqual({ text: lines("top", "a", "b", "c", "d", "bottom"), conflict: false });
  });

  it("merges the same insertion made on both sides once", () => {
    const base = lines("a", "c");
    const both = lines("a", "x", "c");
    expect(mergeText(base, both, both)).toEqual({ text: both, conflict: false });
  });

  it("merges a deletion on one side with an edit elsewhere on the other", () => {
    const base = lines("a", "b", "c", "d", "e");
    const ours = lines("a", "c", "d", "e");
    const theirs = lines("a", "b", "c", "d", "E");
    expect(mergeText(base, ours, theirs)).toEqual({ text: lines("a", "c", "d", "E"), conflict: false });
  });

  it("merges the same deletion on both sides", () => {
    const base = lines("a", "b", "c");
    const both = lines("a", "c");
    expect(mergeText(base, both, both)).toEqual({ text: both, conflict: false });
  });

  it("conflicts on a line deleted on one side and edited on the other, keeping the edit", () => {
    const base = lines("a", "b", "c");
    const deletedInMain = mergeText(base, lines("a", "c"), lines("a", "b edited", "c"));
    expect(deletedInMain.conflict).toBe(true);
    expect(deletedInMain.text).toBe(lines("a", OURS, SEPARATOR, "b edited", THEIRS, "c"));
    const deletedInChangeRequest = mergeText(base, lines("a", "b edited", "c"), lines("a", "c"));
    expect(deletedInChangeRequest.conflict).toBe(true);
    expect(deletedInChangeRequest.text).toBe(lines("a", OURS, "b edited", SEPARATOR, THEIRS, "c"));
  });

  it("merges a body emptied on one side with nothing changed on the other", () => {
    const base = lines("a", "b", "");
    expect(mergeText(base, "", base)).toEqual({ text: "", conflict: false });
  });

  it("merges from an empty base (a body both sides wrote from scratch)", () => {
    const result = mergeText("", lines("main", ""), lines("cr", ""));
    expect(result.conflict).toBe(true);
    expect(result.text).toContain(OURS);
    expect(result.text.indexOf("main")).toBeLessThan(result.text.indexOf("cr"));
  });
});

const T0 = "2024-01-01T00:00:00.000Z";
const T1 = "2024-01-02T00:00:00.000Z";
const T2 = "2024-01-03T00:00:00.000Z";

function page(overrides: Partial<Omit<Entry, "data">> & { data?: Partial<PageData> } = {}): Entry {
  const { data, ...rest } = overrides;
  return {
    kind: "page",
    id: "page-1",
    parentId: null,
    position: "a0",
    documentId: "doc-base",
    blobKey: null,
    ...rest,
    data: { title: "Title", slug: "title", createdAt: T0, updatedAt: T0, ...data },
  };
}

function file(overrides: Partial<Entry> = {}): Entry {
  return {
    kind: "file",
    id: "file-1",
    parentId: null,
    position: null,
    documentId: null,
    blobKey: "blobs/base",
    data: { name: "image.png", contentType: "image/png", size: 10 },
    ...overrides,
  };
}

describe("mergeEntry: one side changed", () => {
  const base = page();

  it("takes the change request's state when main did not change the entry", () => {
    const theirs = page({ data: { title: "New", updatedAt: T1 } });
    expect(mergeEntry({ base, ours: page(), theirs })).toEqual({ state: theirs, conflict: false });
  });

  it("keeps main's state when the change request's entry is the base's", () => {
    const ours = page({ documentId: "doc-main", data: { updatedAt: T1 } });
    expect(mergeEntry({ base, ours, theirs: page() })).toEqual({ state: ours, conflict: false });
  });

  it("keeps the state both sides changed the same way, without a conflict", () => {
    const same = page({ parentId: "parent", position: "a1", data: { title: "Same", updatedAt: T1 } });
    expect(mergeEntry({ base, ours: { ...same }, theirs: { ...same } })).toEqual({ state: same, conflict: false });
  });

  it("compares data whatever the order of its keys", () => {
    const reordered = { ...page(), data: { updatedAt: T0, createdAt: T0, slug: "title", title: "Title" } };
    const theirs = page({ documentId: "doc-cr" });
    expect(mergeEntry({ base, ours: reordered, theirs })).toEqual({ state: theirs, conflict: false });
  });

  it("deletes an entry the change request deleted and main left alone", () => {
    expect(mergeEntry({ base, ours: page(), theirs: null })).toEqual({ state: null, conflict: false });
  });

  it("keeps main's deletion of an entry the change request did not change", () => {
    expect(mergeEntry({ base, ours: null, theirs: page() })).toEqual({ state: null, conflict: false });
  });

  it("takes an entry created by the change request", () => {
    const theirs = page({ id: "new" });
    expect(mergeEntry({ base: null, ours: null, theirs })).toEqual({ state: theirs, conflict: false });
  });

  it("agrees when both sides deleted the entry", () => {
    expect(mergeEntry({ base, ours: null, theirs: null })).toEqual({ state: null, conflict: false });
  });

  it("takes a file's new bytes from the side that changed them", () => {
    const theirs = file({ blobKey: "blobs/cr", data: { name: "image.png", contentType: "image/png", size: 20 } });
    expect(mergeEntry({ base: file(), ours: file(), theirs })).toEqual({ state: theirs, conflict: false });
  });
});

describe("mergeEntry: both sides changed", () => {
  const base = page({ data: { description: "base description" } });

  it("merges different fields, each from the side that changed it", () => {
    const ours = page({ data: { title: "Main title", description: "base description", updatedAt: T1 } });
    const theirs = page({ data: { description: "CR description", updatedAt: T2 } });
    const outcome = mergeEntry({ base, ours, theirs });
    expect(outcome.conflict).toBe(false);
    expect(outcome.bodies).toBeUndefined();
    expect(outcome.state!.data).toEqual({ title: "Main title", slug: "title", description: "CR description", createdAt: T0, updatedAt: T2 });
  });

  it("takes the latest updatedAt without calling it a conflict", () => {
    const ours = page({ data: { title: "Main title", description: "base description", updatedAt: T2 } });
    const theirs = page({ data: { description: "CR description", updatedAt: T1 } });
    const outcome = mergeEntry({ base, ours, theirs });
    expect(outcome.conflict).toBe(false);
    expect((outcome.state!.data as PageData).updatedAt).toBe(T2);
  });

  it("takes the change request's value of a field set differently on both sides, as a conflict", () => {
    const ours = page({ data: { title: "Main title", description: "base description", updatedAt: T1 } });
    const theirs = page({ data: { title: "CR title", description: "base description", updatedAt: T2 } });
    const outcome = mergeEntry({ base, ours, theirs });
    expect(outcome.conflict).toBe(true);
    expect((outcome.state!.data as PageData).title).toBe("CR title");
  });

  it("keeps a field removed on one side and untouched on the other removed", () => {
    const ours = page({ data: { title: "Main title", updatedAt: T1 } });
    const theirs = page({ data: { description: "base description", emoji: "1f600", updatedAt: T2 } });
    const outcome = mergeEntry({ base, ours, theirs });
    expect(outcome.conflict).toBe(false);
    expect(outcome.state!.data).toEqual({ title: "Main title", slug: "title", emoji: "1f600", createdAt: T0, updatedAt: T2 });
  });

  it("takes a move from one side with a body change from the other", () => {
    const ours = page({ documentId: "doc-main", data: { description: "base description", updatedAt: T1 } });
    const theirs = page({ parentId: "parent", position: "a5", data: { description: "base description", updatedAt: T2 } });
    const outcome = mergeEntry({ base, ours, theirs });
    expect(outcome.conflict).toBe(false);
    expect(outcome.bodies).toBeUndefined();
    expect(outcome.state).toMatchObject({ parentId: "parent", position: "a5", documentId: "doc-main" });
  });

  it("moves parent and position together: the change request's place wins a conflicting move", () => {
    const ours = page({ parentId: "main-parent", position: "a1", data: { description: "base description", updatedAt: T1 } });
    const theirs = page({ parentId: "cr-parent", position: "a2", data: { description: "base description", updatedAt: T2 } });
    const outcome = mergeEntry({ base, ours, theirs });
    expect(outcome.conflict).toBe(true);
    expect(outcome.state).toMatchObject({ parentId: "cr-parent", position: "a2" });
  });

  it("does not mix main's parent with the change request's position", () => {
    // Main moved the page elsewhere, the change request reordered it where it was.
    const ours = page({ parentId: "main-parent", position: "a0", data: { description: "base description", updatedAt: T1 } });
    const theirs = page({ position: "a9", data: { description: "base description", updatedAt: T2 } });
    const outcome = mergeEntry({ base, ours, theirs });
    expect(outcome.conflict).toBe(true);
    expect(outcome.state).toMatchObject({ parentId: null, position: "a9" });
  });

  it("asks for a body merge when both sides changed the body, without deciding the conflict yet", () => {
    const ours = page({ documentId: "doc-main", data: { description: "base description", updatedAt: T1 } });
    const theirs = page({ documentId: "doc-cr", data: { description: "base description", updatedAt: T2 } });
    const outcome = mergeEntry({ base, ours, theirs });
    expect(outcome.bodies).toEqual({ base: "doc-base", ours: "doc-main", theirs: "doc-cr" });
    expect(outcome.conflict).toBe(false);
    expect(outcome.state).not.toBeNull();
  });

  it("asks for a body merge alongside other field merges and conflicts", () => {
    const ours = page({ documentId: "doc-main", data: { title: "Main", description: "base description", updatedAt: T1 } });
    const theirs = page({ documentId: "doc-cr", data: { title: "CR", description: "base description", updatedAt: T2 } });
    const outcome = mergeEntry({ base, ours, theirs });
    expect(outcome.bodies).toEqual({ base: "doc-base", ours: "doc-main", theirs: "doc-cr" });
    expect(outcome.conflict).toBe(true);
    expect((outcome.state!.data as PageData).title).toBe("CR");
  });

  it("needs no body merge when both sides set the same body", () => {
    const ours = page({ documentId: "doc-same", data: { title: "Main", description: "base description", updatedAt: T1 } });
    const theirs = page({ documentId: "doc-same", data: { description: "base description", updatedAt: T2 } });
    const outcome = mergeEntry({ base, ours, theirs });
    expect(outcome.bodies).toBeUndefined();
    expect(outcome).toMatchObject({ conflict: false, state: { documentId: "doc-same" } });
  });

  it("merges a file's bytes changed on one side with its name changed on the other", () => {
    const ours = file({ data: { name: "renamed.png", contentType: "image/png", size: 10 } });
    const theirs = file({ blobKey: "blobs/cr", data: { name: "image.png", contentType: "image/png", size: 20 } });
    const outcome = mergeEntry({ base: file(), ours, theirs });
    expect(outcome).toEqual({ state: { ...file(), blobKey: "blobs/cr", data: { name: "renamed.png", contentType: "image/png", size: 20 } }, conflict: false });
  });

  it("conflicts on a file's bytes replaced differently on both sides, taking the change request's", () => {
    const outcome = mergeEntry({ base: file(), ours: file({ blobKey: "blobs/main" }), theirs: file({ blobKey: "blobs/cr" }) });
    expect(outcome).toMatchObject({ conflict: true, state: { blobKey: "blobs/cr" } });
  });
});

describe("mergeEntry: deleted on one side, changed on the other", () => {
  const base = page();

  it("keeps the change request's edit of a page main deleted, as a conflict", () => {
    const theirs = page({ documentId: "doc-cr", data: { updatedAt: T1 } });
    expect(mergeEntry({ base, ours: null, theirs })).toEqual({ state: theirs, conflict: true });
  });

  it("keeps main's edit of a page the change request deleted, as a conflict", () => {
    const ours = page({ data: { title: "Main", updatedAt: T1 } });
    expect(mergeEntry({ base, ours, theirs: null })).toEqual({ state: ours, conflict: true });
  });

  it("keeps a moved page the other side deleted, as a conflict", () => {
    const theirs = page({ parentId: "elsewhere", position: "b0" });
    expect(mergeEntry({ base, ours: null, theirs })).toEqual({ state: theirs, conflict: true });
  });
});
