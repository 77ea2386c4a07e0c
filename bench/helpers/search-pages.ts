import { env } from "cloudflare:test";
import { createDatabase } from "../../src/db/client";
import { insertChunks } from "../../src/db/limits";
import { contentEntries, type PageData } from "../../src/db/schema";
import { insertDocuments, prepareDocument } from "../../src/domain/revisions/documents";
import { copyRows, type PageEntry } from "../../src/domain/revisions/entries";
import { MAIN_LINE } from "../../src/domain/revisions/points";
import { insertPageRows } from "../../src/domain/search/indexing";
import { createOrganization, createUser, type TestUser } from "../../test/helpers/fixtures";
import { call } from "../../test/helpers/http";

/**
 * The search benchmark's space (bench/search-cost.ts, and its profile): pages of made-up words
 * written straight to D1 in bulk (entries, bodies and index rows, the index through the same
 * statements a merge uses), as 10,000 edits through HTTP would take long.
 */

/** A fixed vocabulary of made-up words; low indexes are common, high ones rare (Zipf-like). */
const SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "sa", "te", "vo", "zu", "pe", "do", "fi", "gra", "sto", "bel"];
export const VOCABULARY = Array.from({ length: 3000 }, (_, index) => {
  let word = "";
  for (let rest = index + SYLLABLES.length; rest > 0; rest = Math.floor(rest / SYLLABLES.length)) word += SYLLABLES[rest % SYLLABLES.length];
  return word;
});

let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const zipfWord = () => VOCABULARY[Math.floor(VOCABULARY.length ** random()) - 1]!;
const sentence = (words: number) => Array.from({ length: words }, zipfWord).join(" ") + ".";
/**
 * A word on every page and in no title (in a sentence closing each page): the search whose pages
 * whose title holds the word (ranked first, cheaply) are none, so that every page is ranked on its
 * whole text, the most a word costs (docs/performance.md).
 */
export const UNTITLED_WORD = "omnipresent";

/** A word only page `index` has in its title. */
const serial = (index: number) => `x${index.toString(26).replace(/[0-9]/g, (digit) => "qrstuvwxyz"[Number(digit)]!)}k`;

export interface SeededPage {
  entry: PageEntry;
  markdown: string;
}

/**
 * `count` pages in `chapters` chapters: each a title, an 8-word description and about 135 words
 * in four sections, drawn from the vocabulary, and a closing sentence with UNTITLED_WORD. The same
 * pages every run.
 */
export function makePages(count: number, chapters: number): SeededPage[] {
  seed = 42;
  const pages: SeededPage[] = [];
  const now = new Date().toISOString();
  let chapterId = "";
  for (let index = 0; index < count; index++) {
    const isChapter = index % (count / chapters) === 0;
    const id = `bench${String(index).padStart(15, "0")}`;
    if (isChapter) chapterId = id;
    const title = `${zipfWord()} ${zipfWord()} ${serial(index)}`;
    const data: PageData = { title, slug: `page-${index}`, description: sentence(8), createdAt: now, updatedAt: now };
    const markdown =
      [sentence(30), `## ${zipfWord()} ${zipfWord()}`, sentence(40), `## ${zipfWord()} ${zipfWord()}`, sentence(40), `### ${zipfWord()}`, sentence(25), `Always ${UNTITLED_WORD}.`].join("\n\n") + "\n";
    const entry: PageEntry = {
      kind: "page",
      id,
      parentId: isChapter ? null : chapterId,
      position: `a${String(index).padStart(6, "0")}`,
      data,
      documentId: null,
      blobKey: null,
    };
    pages.push({ entry, markdown });
  }
  return pages;
}

/** Writes the pages as the space's content at its initial revision, and indexes them in bulk. */
export async function seedPages(spaceId: string, pages: SeededPage[]) {
  const db = createDatabase(env.DB);
  const documents = await Promise.all(pages.map((page) => prepareDocument(page.markdown)));
  pages.forEach((page, index) => (page.entry.documentId = documents[index]!.id));
  const rows = copyRows(spaceId, MAIN_LINE, 0, pages.map((page) => page.entry));
  const statements = [
    ...insertDocuments(db, documents),
    ...insertChunks(contentEntries, rows).map((batch) => db.insert(contentEntries).values(batch)),
    ...insertPageRows(
      db,
      spaceId,
      pages.map(({ entry, markdown }) => ({ id: entry.id, title: entry.data.title, description: entry.data.description ?? "", markdown })),
    ),
  ];
  for (let start = 0; start < statements.length; start += 200) {
    const slice = statements.slice(start, start + 200);
    await db.batch(slice as unknown as Parameters<typeof db.batch>[0]);
  }
}

export interface SearchBenchSpace {
  user: TestUser;
  organizationId: string;
  spaceId: string;
  pages: SeededPage[];
  /** How long writing and indexing the pages took, in ms. */
  seeding: number;
}

/** A user, an organization and a space made through the API, holding `count` pages (makePages) written in bulk. */
export async function searchBenchSpace(count: number, chapters: number): Promise<SearchBenchSpace> {
  const user = await createUser("bench");
  const organization = await createOrganization(user);
  const space = (await call("POST", `/v1/orgs/${organization.id}/spaces`, { token: user.token, body: { title: "Bench search" } })).body as { id: string };
  const pages = makePages(count, chapters);
  const started = performance.now();
  await seedPages(space.id, pages);
  return { user, organizationId: organization.id, spaceId: space.id, pages, seeding: performance.now() - started };
}
