import { beforeAll, describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { createRepo, pushFromOutside } from "../../helpers/git-repos";
import { syncNow } from "../../helpers/git-sync";
import { expectSpecResponse } from "../../helpers/spec";
import { expectSpec0146Response } from "../../helpers/spec-0146";
import { PNG, f, orgId, read, useSuiteFixture } from "../../helpers/suites/content";

/**
 * What Git imports change (getRevisionSemanticChanges): the only way files are replaced or
 * deleted and reusable contents made, so the file and reusable-content changes are checked on a
 * space imported twice from a repository that changed in between.
 */

useSuiteFixture();

type Change = { type: string; page?: { title: string }; file?: { name: string }; reusableContent?: { id: string; title: string; document?: string }; attributes?: Record<string, { before?: unknown; after?: unknown }> };
type Changes = { changes: Change[]; more?: number };

const summary = (body: Changes) => body.changes.map((change) => `${change.type} ${change.page?.title ?? change.file?.name ?? change.reusableContent?.title}`);

const FIRST = {
  "README.md": '# Home\n\nWelcome.\n\n{% include ".gitbook/includes/support.md" %}\n',
  "guide.md": "# Guide\n\nRead it.\n",
  ".gitbook/includes/support.md": "---\ntitle: Need help?\n---\n\nAsk on the forum.\n",
  ".gitbook/assets/logo.png": PNG,
  ".gitbook/assets/old.txt": "Old notes.\n",
};

const SECOND = {
  "README.md": FIRST["README.md"],
  ".gitbook/includes/support.md": "---\ntitle: Get help\n---\n\nWrite to support.\n",
  ".gitbook/includes/faq.md": "---\ntitle: FAQ\n---\n\nQuestions.\n",
  ".gitbook/assets/logo.png": Uint8Array.from([...PNG, 0, 0, 0, 0]),
};

describe("semantic changes of Git imports", () => {
  let spaceId: string;
  let firstImport: string;
  let secondImport: string;

  beforeAll(async () => {
    const repo = await createRepo("semantic-changes", FIRST);
    spaceId = (await createSpace(f.admin, orgId, { title: "Imported" })).id;
    const first = await syncNow(f.admin.token, spaceId, "import", { url: repo.url, ref: "refs/heads/main" });
    expect(first.info.body.operation.state).toBe("success");
    firstImport = (await read(f.admin, `/v1/spaces/${spaceId}`)).revision;
    await pushFromOutside(repo.name, SECOND);
    const second = await syncNow(f.admin.token, spaceId, "import", { url: repo.url, ref: "refs/heads/main" });
    expect(second.info.body.operation.state).toBe("success");
    secondImport = (await read(f.admin, `/v1/spaces/${spaceId}`)).revision;
  }, 90_000);

  it("the first import creates its pages, files and reusable content", async () => {
    const body = await read<Changes>(f.read, `/v1/spaces/${spaceId}/revisions/${firstImport}/changes?limit=100`);
    expect(summary(body)).toEqual([
      // Pages by path: guide, then home (the README's slug).
      "page_created Guide",
      "page_created Home",
      "file_created logo.png",
      "file_created old.txt",
      "reusable_content_created Need help?",
    ]);
    expectSpecResponse("getRevisionSemanticChanges", 200, body);
    expectSpec0146Response("getRevisionSemanticChanges", 200, body);
  });

  it("the second: a page and a file deleted, a file's bytes replaced, a reusable content edited and one added", async () => {
    const body = await read<Changes>(f.read, `/v1/spaces/${spaceId}/revisions/${secondImport}/changes?limit=100`);
    expect(summary(body)).toEqual([
      "page_deleted Guide",
      "file_edited logo.png",
      "file_deleted old.txt",
      "reusable_content_created FAQ",
      "reusable_content_edited Get help",
    ]);
    const [, logo, , , support] = body.changes as [Change, Change, Change, Change, Change];
    expect(logo.attributes!.size).toEqual({ before: PNG.length, after: PNG.length + 4 });
    expect(logo.attributes!.downloadURL!.before).not.toBe(logo.attributes!.downloadURL!.after);
    expect(support.attributes!.title).toEqual({ before: "Need help?", after: "Get help" });
    expect(support.attributes!.document!.after).toBe(support.reusableContent!.document);
    expectSpecResponse("getRevisionSemanticChanges", 200, body);
    expectSpec0146Response("getRevisionSemanticChanges", 200, body);
  });
});
