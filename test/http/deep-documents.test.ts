import { beforeAll, describe, expect, it } from "vitest";
import { addMember, createOrganization, createUser, type TestUser } from "../helpers/fixtures";
import { deepDocument, deepListMarkdown, deepMarkdown, hugeDocument, wideDocument, wideMarkdown } from "../helpers/documents";
import { call, errorMessage } from "../helpers/http";

/**
 * Fuzz cases for every route that takes rich text (a Document or markdown): a document nested
 * thousands of levels deep once overflowed the stack after it was stored, and broke every later
 * read. Deep input is a 400 naming the limit with nothing stored; wide and huge input within the
 * caps is accepted and reads back; past a cap it is a 400 or 413 naming it. Never a 500.
 */

const TOO_DEEP_DOCUMENT = "nests more than 200 levels deep; the maximum is 200";
const TOO_DEEP_MARKDOWN = "nests more than 90 levels deep; the maximum is 90";
// deepDocument(n) nests 2n + 6 JSON values deep; deepMarkdown(n) n + 3 markdown nodes.
const DEEPEST_DOCUMENT_BLOCKS = 97;
const DEEPEST_MARKDOWN_QUOTES = 87;

let user: TestUser;
let reviewer: TestUser;
let organizationId: string;
let spaceId: string;
let changeRequestPath: string;

beforeAll(async () => {
  user = await createUser("deep");
  reviewer = await createUser("deep-reviewer");
  organizationId = (await createOrganization(user)).id;
  await addMember(user, organizationId, reviewer, "review");
  spaceId = (await call("POST", `/v1/orgs/${organizationId}/spaces`, { token: user.token, body: {} })).body.id;
  const changeRequest = (await call("POST", `/v1/spaces/${spaceId}/change-requests`, { token: user.token, body: {} })).body;
  changeRequestPath = `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}`;
});

const as = (method: string, path: string, body?: unknown) => call(method, path, { token: user.token, body });

/** Every read a stored document could break: the change request, both lists, the instructions, the pages. */
async function expectReadsStillWork() {
  const reads = [changeRequestPath, `/v1/spaces/${spaceId}/change-requests`, `/v1/orgs/${organizationId}/change-requests`, `/v1/orgs/${organizationId}/agent-instructions`, `${changeRequestPath}/content/pages`];
  const statuses = await Promise.all(reads.map(async (path) => (await as("GET", path)).status));
  expect(statuses).toEqual(reads.map(() => 200));
}

/** What the routes under test write: the change request, its reviewers and pages, the instructions. */
async function readEverythingWritable() {
  const paths = [changeRequestPath, `${changeRequestPath}/requested-reviewers`, `${changeRequestPath}/content/pages`, `/v1/orgs/${organizationId}/agent-instructions`];
  return Promise.all(paths.map(async (path) => (await as("GET", path)).body));
}

describe.each([
  { route: "PUT agent-instructions", send: (document: unknown) => as("PUT", `/v1/orgs/${organizationId}/agent-instructions`, { instructions: document }), field: "instructions" },
  { route: "PATCH change request", send: (document: unknown) => as("PATCH", changeRequestPath, { description: document }), field: "description" },
  { route: "POST requested-reviewers", send: (document: unknown) => as("POST", `${changeRequestPath}/requested-reviewers`, { users: [reviewer.id], description: document }), field: "description" },
  {
    route: "POST content (insert_page)",
    send: (document: unknown) => as("POST", `${changeRequestPath}/content`, { changes: [{ operation: "insert_page", title: "Fuzz", document: { document } }] }),
    field: "changes[0].document.document",
    // Its body cap is larger (files travel inline); its 413 is tested with the content edits.
    bodyCapTested: false,
  },
])("$route with a Document", ({ send, field, bodyCapTested = true }) => {
  it("refuses one nested thousands of levels deep, naming the limit, and stores nothing", async () => {
    const before = await readEverythingWritable();
    expect(errorMessage(await send(deepDocument(3_000)), 400)).toBe(`Invalid body field '${field}': ${TOO_DEEP_DOCUMENT}`);
    expect(await readEverythingWritable()).toEqual(before);
  });

  it("refuses one just past the limit and accepts one at it", async () => {
    expect(errorMessage(await send(deepDocument(DEEPEST_DOCUMENT_BLOCKS + 1)), 400)).toBe(`Invalid body field '${field}': ${TOO_DEEP_DOCUMENT}`);
    expect((await send(deepDocument(DEEPEST_DOCUMENT_BLOCKS))).status).toBeLessThan(300);
    await expectReadsStillWork();
  });

  it("accepts a wide one (2,000 sibling blocks) and a huge one near the size cap", async () => {
    expect((await send(wideDocument(2_000))).status).toBeLessThan(300);
    expect((await send(hugeDocument(250_000))).status).toBeLessThan(300);
    await expectReadsStillWork();
  });

  it("refuses one past the size cap (400 naming the cap) or past the body cap (413)", async () => {
    expect(errorMessage(await send(wideDocument(5_000)), 400)).toBe(`Invalid body field '${field}': must be at most 262144 bytes of JSON`);
    if (bodyCapTested) expect(errorMessage(await send(hugeDocument(1_100_000)), 413)).toBe("Request body exceeds 1048576 bytes");
  });
});

describe("POST content with markdown", () => {
  const insert = (markdown: string) => as("POST", `${changeRequestPath}/content`, { changes: [{ operation: "insert_page", title: "Markdown fuzz", document: { markdown } }] });

  it("refuses block quotes or lists nested past the limit, naming it, and stores nothing", async () => {
    const before = (await as("GET", `${changeRequestPath}/content/pages`)).body;
    for (const markdown of [deepMarkdown(3_000), deepMarkdown(DEEPEST_MARKDOWN_QUOTES + 1), deepListMarkdown(60)]) {
      expect(errorMessage(await insert(markdown), 400)).toBe(`Invalid body field 'changes[0].document.markdown': ${TOO_DEEP_MARKDOWN}`);
    }
    expect((await as("GET", `${changeRequestPath}/content/pages`)).body).toEqual(before);
  });

  it("accepts markdown at the limit and a wide list (parsing is what costs: 5,000 items), and reads both back as markdown and as a document", async () => {
    for (const markdown of [deepMarkdown(DEEPEST_MARKDOWN_QUOTES), wideMarkdown(5_000)]) {
      expect((await insert(markdown)).status).toBe(200);
    }
    const pages = (await as("GET", `${changeRequestPath}/content/pages`)).body.pages as Array<{ id: string; title: string }>;
    const inserted = pages.filter((candidate) => candidate.title === "Markdown fuzz");
    expect(inserted).toHaveLength(2);
    for (const page of inserted) {
      expect((await as("GET", `${changeRequestPath}/content/page/${page.id}`)).status).toBe(200);
      expect((await as("GET", `${changeRequestPath}/content/page/${page.id}?format=document`)).status).toBe(200);
    }
    await expectReadsStillWork();
  });
});
