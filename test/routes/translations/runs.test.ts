import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createSpace, flattenPages, mainPages } from "../../helpers/content";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { call } from "../../helpers/http";
import {
  createTranslation,
  getTranslation,
  libreTranslateDouble,
  runTranslationJobs,
  takeRunJobs,
  translationCall,
  translationPath,
  withTranslator,
  wrapWords,
} from "../../helpers/translations";

/**
 * The `translation.run` job through the Worker's queue handler, with a LibreTranslate double:
 * what is sent, what the result space gets, what a second run sends, stats, status, retries.
 */

const GUIDE_MARKDOWN = [
  "Install the [command line tool](https://example.com/cli) with `npm install docs-cli`.",
  "",
  "```bash",
  'docs init --name "My project"',
  "```",
  "",
  '{% hint style="info" %}',
  "Keep your token secret.",
  "{% endhint %}",
  "",
  "| Option | Meaning |",
  "| --- | --- |",
  "| `--name` | Project name |",
  "",
  "<kbd>Ctrl</kbd> then ![Logo](https://example.com/logo.png) done.",
  "",
].join("\n");

const fr = (text: string) => wrapWords(text, "fr");

/** The guide as the double translates it: every byte the same except the prose. */
function translatedGuide(source: string) {
  return source
    .replace("Install the [command line tool]", `${fr("Install the")} [${fr("command line tool")}]`)
    .replace(") with `", `) ${fr("with")} \``)
    .replace("Keep your token secret.", fr("Keep your token secret."))
    .replace("| Option | Meaning |", `| ${fr("Option")} | ${fr("Meaning")} |`)
    .replace("| Project name |", `| ${fr("Project name")} |`)
    .replace("<kbd>Ctrl</kbd> then ", `<kbd>${fr("Ctrl")}</kbd> ${fr("then")} `)
    .replace(") done.", `) ${fr("done.")}`);
}

let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  owner = await createUser("translator");
  organizationId = (await createOrganization(owner)).id;
});

async function sourceSpace(pages: Array<{ title: string; description?: string; markdown: string }>) {
  const space = await createSpace(owner, organizationId, { title: "Handbook" });
  await commitToMain(owner, space.id, [
    ...pages.map(({ title, description, markdown }) => ({ operation: "insert_page", title, ...(description ? { description } : {}), document: { markdown } })),
    { operation: "insert_files", files: [{ name: "notes.txt", contentType: "text/plain", base64: btoa("notes") }] },
  ]);
  const ids = Object.fromEntries(flattenPages(await mainPages(owner, space.id)).map((page) => [page.title, page.id]));
  return { spaceId: space.id, ids };
}

const pageOf = async (spaceId: string, pageId: string) => (await call("GET", `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`, { token: owner.token })).body;

async function runAgain(translationId: string) {
  const response = await translationCall("POST", `${translationPath(organizationId, translationId)}/run`, { token: owner.token });
  expect(response.status, JSON.stringify(response.body)).toBe(204);
  return takeRunJobs();
}

describe("a translation run", () => {
  it("translates titles, descriptions and prose only, into a new space in the target language, byte for byte elsewhere", async () => {
    const { spaceId, ids } = await sourceSpace([
      { title: "Getting started", description: "How to begin", markdown: GUIDE_MARKDOWN },
      { title: "FAQ", markdown: "Ask *anything* here.\n" },
    ]);
    const { translation, jobs } = await createTranslation(owner.token, organizationId, { source: { space: spaceId, language: "en" }, language: "fr" });
    const double = libreTranslateDouble();
    const seen: string[] = [];
    double.state.onRequest = async () => void seen.push((await getTranslation(owner.token, organizationId, translation.id)).status);

    const outcome = await runTranslationJobs(jobs, double.handler, withTranslator());
    expect(outcome.explicitAcks).toHaveLength(1);
    expect(seen[0]).toBe("running");

    // One request here (under the batch limits), with LibreTranslate's fields and the key.
    expect(double.requests.map(({ source, target, format, api_key }) => ({ source, target, format, api_key }))).toEqual([
      { source: "en", target: "fr", format: "text", api_key: "test-key" },
    ]);
    const sent = double.sent();
    expect(sent).toEqual(expect.arrayContaining(["Getting started", "How to begin", "Install the", "Keep your token secret.", "Project name", "FAQ", "anything"]));
    for (const text of sent) expect(text).not.toMatch(/npm install|docs init|https?:|style=|--name|<kbd>|\{%|`|\*/);

    const done = await getTranslation(owner.token, organizationId, translation.id);
    expect(done).toMatchObject({ status: "completed", result: { space: expect.any(String), revision: expect.any(String), language: "fr" } });
    expect(done).not.toHaveProperty("lastRunError");
    expect(done.stats).toMatchObject({ runs: 1, totalPages: 2, latestPages: 2, latestWords: sent.join(" ").split(/\s+/).length });
    expect(done.stats.totalWords).toBe(done.stats.latestWords);

    const result = (await call("GET", `/v1/spaces/${done.result.space}`, { token: owner.token })).body;
    expect(result).toMatchObject({ language: "fr", revision: done.result.revision, title: "Handbook (fr)", organization: organizationId });
    const source = await pageOf(spaceId, ids["Getting started"]!);
    const guide = await pageOf(done.result.space, ids["Getting started"]!);
    expect(guide).toMatchObject({ title: fr("Getting started"), description: fr("How to begin"), slug: source.slug });
    expect(guide.markdown).toBe(translatedGuide(source.markdown));
    expect((await pageOf(done.result.space, ids.FAQ!)).markdown).toBe(`${fr("Ask")} *${fr("anything")}* ${fr("here.")}\n`);
    // Files are the source's, bytes shared.
    const files = (await call("GET", `/v1/spaces/${done.result.space}/content/files`, { token: owner.token })).body;
    expect(files.items.map((file: { name: string }) => file.name)).toEqual(["notes.txt"]);
  });

  it("sends again only the pages that changed, reuses the rest, and a redelivery changes nothing", async () => {
    const { spaceId, ids } = await sourceSpace([
      { title: "Alpha", markdown: "First page.\n" },
      { title: "Beta", markdown: "Second page.\n" },
      { title: "Gamma", markdown: "Third page.\n" },
    ]);
    const { translation, jobs } = await createTranslation(owner.token, organizationId, { source: { space: spaceId, language: "en" }, language: "de" });
    const first = libreTranslateDouble();
    await runTranslationJobs(jobs, first.handler, withTranslator());
    const afterFirst = await getTranslation(owner.token, organizationId, translation.id);
    expect(afterFirst.stats).toMatchObject({ runs: 1, latestPages: 3, totalPages: 3, latestWords: 9 });

    await commitToMain(owner, spaceId, [
      { operation: "update_page", page: ids.Beta, document: { markdown: "Second page, revised.\n" } },
      { operation: "delete_page", page: ids.Gamma },
    ]);
    const rerun = await runAgain(translation.id);
    expect(rerun).toEqual([{ kind: "translation.run", translationId: translation.id, generation: 2 }]);
    expect((await getTranslation(owner.token, organizationId, translation.id)).status).toBe("pending");
    const second = libreTranslateDouble();
    await runTranslationJobs(rerun, second.handler, withTranslator());
    expect(second.sent()).toEqual(["Beta", "Second page, revised."]);

    const afterSecond = await getTranslation(owner.token, organizationId, translation.id);
    expect(afterSecond.status).toBe("completed");
    expect(afterSecond.result.space).toBe(afterFirst.result.space);
    expect(afterSecond.result.revision).not.toBe(afterFirst.result.revision);
    expect(afterSecond.stats).toMatchObject({ runs: 2, latestPages: 1, totalPages: 3, latestWords: 4, totalWords: 13 });
    const resultPages = flattenPages(await mainPages(owner, afterSecond.result.space));
    expect(resultPages.map((page) => page.title)).toEqual([wrapWords("Alpha", "de"), wrapWords("Beta", "de")]);
    expect((await pageOf(afterSecond.result.space, ids.Beta!)).markdown).toBe(`${wrapWords("Second page, revised.", "de")}\n`);
    expect((await pageOf(afterSecond.result.space, ids.Alpha!)).markdown).toBe(`${wrapWords("First page.", "de")}\n`);

    // The same message delivered again: no call, no new revision, the same stats.
    const redelivered = libreTranslateDouble();
    const outcome = await runTranslationJobs(rerun, redelivered.handler, withTranslator());
    expect(outcome.explicitAcks).toHaveLength(1);
    expect(redelivered.requests).toEqual([]);
    expect(await getTranslation(owner.token, organizationId, translation.id)).toEqual(afterSecond);

    // A run with nothing changed sends nothing and keeps the revision.
    const idle = libreTranslateDouble();
    await runTranslationJobs(await runAgain(translation.id), idle.handler, withTranslator());
    expect(idle.requests).toEqual([]);
    const afterIdle = await getTranslation(owner.token, organizationId, translation.id);
    expect(afterIdle.result.revision).toBe(afterSecond.result.revision);
    expect(afterIdle.stats).toMatchObject({ runs: 3, latestPages: 0, latestWords: 0, totalPages: 3, totalWords: 13 });
  });

  it("retries a failed call through the queue, then succeeds; on the last delivery the failure is recorded", async () => {
    const { spaceId } = await sourceSpace([{ title: "Only", markdown: "Some text.\n" }]);
    const { translation, jobs } = await createTranslation(owner.token, organizationId, { source: { space: spaceId, language: "en" }, language: "es" });
    const double = libreTranslateDouble();
    double.state.failNext = 1;
    const failed = await runTranslationJobs(jobs, double.handler, withTranslator());
    expect(failed.retryMessages).toHaveLength(1);
    expect(failed.explicitAcks).toHaveLength(0);
    const waiting = await getTranslation(owner.token, organizationId, translation.id);
    expect(waiting.status).toBe("running");
    expect(waiting.lastRunError).toMatchObject({ code: "TRANSLATOR_UNAVAILABLE", message: expect.stringContaining("HTTP 503") });
    expect(waiting).not.toHaveProperty("result");

    const retried = await runTranslationJobs(jobs, double.handler, withTranslator(), 2);
    expect(retried.explicitAcks).toHaveLength(1);
    expect(double.requests).toHaveLength(2);
    const done = await getTranslation(owner.token, organizationId, translation.id);
    expect(done).toMatchObject({ status: "completed", stats: { runs: 1, latestPages: 1 } });
    expect(done).not.toHaveProperty("lastRunError");

    // The queue's last delivery (max_retries 5): the failure is the run's outcome, the result kept.
    await commitToMain(owner, spaceId, [{ operation: "insert_page", title: "More", document: { markdown: "More text.\n" } }]);
    double.state.failNext = 1;
    const last = await runTranslationJobs(await runAgain(translation.id), double.handler, withTranslator(), 6);
    expect(last.explicitAcks).toHaveLength(1);
    const settled = await getTranslation(owner.token, organizationId, translation.id);
    expect(settled).toMatchObject({ status: "completed", result: done.result, stats: done.stats, lastRunError: { code: "TRANSLATOR_UNAVAILABLE" } });
  });

  it("without a translator, a run ends without a result and says why; nothing is faked", async () => {
    const { spaceId } = await sourceSpace([{ title: "Page", markdown: "Text.\n" }]);
    const { translation, jobs } = await createTranslation(owner.token, organizationId, { source: { space: spaceId, language: "en" }, language: "it" });
    const double = libreTranslateDouble();
    const outcome = await runTranslationJobs(jobs, double.handler, { TRANSLATION_API_URL: "" });
    expect(outcome.explicitAcks).toHaveLength(1);
    expect(double.requests).toEqual([]);
    const done = await getTranslation(owner.token, organizationId, translation.id);
    expect(done).toMatchObject({ status: "completed", lastRunError: { code: "NO_TRANSLATOR", message: expect.stringContaining("TRANSLATION_API_URL") } });
    expect(done).not.toHaveProperty("result");
    expect(done.stats).toEqual({ runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 });
  });

  it("records a refusal (bad key), a private translator URL and a deleted source without retrying", async () => {
    const { spaceId } = await sourceSpace([{ title: "Page", markdown: "Text.\n" }]);
    const { translation, jobs } = await createTranslation(owner.token, organizationId, { source: { space: spaceId, language: "en" }, language: "nl" });
    const double = libreTranslateDouble();
    const refused = await runTranslationJobs(jobs, double.handler, withTranslator({ TRANSLATION_API_KEY: "wrong" }));
    expect(refused.explicitAcks).toHaveLength(1);
    expect((await getTranslation(owner.token, organizationId, translation.id)).lastRunError).toMatchObject({ code: "TRANSLATOR_REJECTED", message: expect.stringContaining("HTTP 403") });

    const blocked = await runTranslationJobs(await runAgain(translation.id), double.handler, withTranslator({ TRANSLATION_API_URL: "http://127.0.0.1:5000" }));
    expect(blocked.explicitAcks).toHaveLength(1);
    expect((await getTranslation(owner.token, organizationId, translation.id)).lastRunError).toMatchObject({ code: "TRANSLATOR_REJECTED", message: expect.stringContaining("loopback") });
    expect(double.requests).toHaveLength(1);

    expect((await call("DELETE", `/v1/spaces/${spaceId}`, { token: owner.token })).status).toBe(204);
    await runTranslationJobs(await runAgain(translation.id), double.handler, withTranslator());
    expect(await getTranslation(owner.token, organizationId, translation.id)).toMatchObject({ status: "completed", lastRunError: { code: "SOURCE_NOT_FOUND" } });
  });

  it("keeps the result space when the translation is deleted, and a run queued before does nothing", async () => {
    const { spaceId } = await sourceSpace([{ title: "Page", markdown: "Text.\n" }]);
    const { translation, jobs } = await createTranslation(owner.token, organizationId, { source: { space: spaceId, language: "en" }, language: "pl" });
    await runTranslationJobs(jobs, libreTranslateDouble().handler, withTranslator());
    const done = await getTranslation(owner.token, organizationId, translation.id);
    const rerun = await runAgain(translation.id);
    expect((await translationCall("DELETE", translationPath(organizationId, translation.id), { token: owner.token })).status).toBe(204);
    const double = libreTranslateDouble();
    expect((await runTranslationJobs(rerun, double.handler, withTranslator())).explicitAcks).toHaveLength(1);
    expect(double.requests).toEqual([]);
    const kept = await call("GET", `/v1/spaces/${done.result.space}`, { token: owner.token });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ language: "pl", revision: done.result.revision });
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM translation_pages WHERE translation_id = ?").bind(translation.id).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
  it("stops at a deleted result space until it is restored, then translates only what changed", async () => {
    const { spaceId, ids } = await sourceSpace([{ title: "Page", markdown: "Text.\n" }]);
    const { translation, jobs } = await createTranslation(owner.token, organizationId, { source: { space: spaceId, language: "en" }, language: "fi" });
    await runTranslationJobs(jobs, libreTranslateDouble().handler, withTranslator());
    const done = await getTranslation(owner.token, organizationId, translation.id);
    expect((await call("DELETE", `/v1/spaces/${done.result.space}`, { token: owner.token })).status).toBe(204);
    await commitToMain(owner, spaceId, [{ operation: "update_page", page: ids.Page, document: { markdown: "New text.\n" } }]);
    const double = libreTranslateDouble();
    await runTranslationJobs(await runAgain(translation.id), double.handler, withTranslator());
    expect(double.requests).toEqual([]);
    expect(await getTranslation(owner.token, organizationId, translation.id)).toMatchObject({ status: "completed", result: done.result, lastRunError: { code: "RESULT_SPACE_DELETED" } });

    expect((await call("POST", `/v1/spaces/${done.result.space}/restore`, { token: owner.token })).status).toBe(200);
    await runTranslationJobs(await runAgain(translation.id), double.handler, withTranslator());
    expect(double.sent()).toEqual(["Page", "New text."]);
    const restored = await getTranslation(owner.token, organizationId, translation.id);
    expect(restored).toMatchObject({ status: "completed", result: { space: done.result.space }, stats: { runs: 2, totalPages: 1, latestPages: 1 } });
    expect(restored).not.toHaveProperty("lastRunError");
    expect((await pageOf(done.result.space, ids.Page!)).markdown).toBe(`${wrapWords("New text.", "fi")}\n`);
  });
  it("translates with Workers AI when only the AI binding is configured (a fake binding: the real one needs an account)", async () => {
    const { spaceId, ids } = await sourceSpace([{ title: "Page", description: "About it", markdown: "Hello `code` world.\n" }]);
    const { translation, jobs } = await createTranslation(owner.token, organizationId, { source: { space: spaceId, language: "en" }, language: "zh-tw" });
    const calls: Array<[string, Record<string, unknown>]> = [];
    const AI = {
      async run(model: string, inputs: Record<string, unknown>) {
        calls.push([model, inputs]);
        return { translated_text: `«${inputs.text}»` };
      },
    };
    const fetches = libreTranslateDouble();
    await runTranslationJobs(jobs, fetches.handler, { TRANSLATION_API_URL: "", AI } as never);
    expect(fetches.requests).toEqual([]);
    expect(calls.map(([model, inputs]) => [model, inputs.text, inputs.source_lang, inputs.target_lang])).toEqual([
      ["@cf/meta/m2m100-1.2b", "Page", "en", "zh"],
      ["@cf/meta/m2m100-1.2b", "About it", "en", "zh"],
      ["@cf/meta/m2m100-1.2b", "Hello", "en", "zh"],
      ["@cf/meta/m2m100-1.2b", "world.", "en", "zh"],
    ]);
    const done = await getTranslation(owner.token, organizationId, translation.id);
    expect(done).toMatchObject({ status: "completed", result: { language: "zh-tw" }, stats: { latestPages: 1, latestWords: 5 } });
    expect(await pageOf(done.result.space, ids.Page!)).toMatchObject({ title: "«Page»", description: "«About it»", markdown: "«Hello» `code` «world.»\n" });
  });
});
