import { describe, expect, inject, it } from "vitest";
import { commitToMain, createSpace } from "../../helpers/content";
import { createOrganization, createUser } from "../../helpers/fixtures";
import { call } from "../../helpers/http";
import { createTranslation, getTranslation, runTranslationJobs, takeRunJobs, translationCall, translationPath } from "../../helpers/translations";
import { TRANSLATION_SERVICE_KEY } from "../../translation-service.global";

/**
 * A run against a real HTTP service speaking LibreTranslate's protocol (test/translation-service.global.ts,
 * a Node server on a loopback port): the request really leaves the Worker through the outbound
 * guard, a 503 is retried by the queue, and the result space gets the translation.
 */

const serviceUrl = inject("translationServiceUrl");
/** The runtime's own fetch, captured before the job runner puts its spy in place: requests really go out. */
const network = globalThis.fetch.bind(globalThis);
const overNetwork = (request: Request) => network(request);

describe("a run against a LibreTranslate-compatible HTTP service", () => {
  it("translates over HTTP through the outbound guard, is retried after a 503, and is refused there without ALLOW_PRIVATE_NETWORK", async () => {
    const session = `session-${Math.random().toString(36).slice(2)}`;
    const base = `${serviceUrl}/${session}`;
    const bindings = { TRANSLATION_API_URL: base, TRANSLATION_API_KEY: TRANSLATION_SERVICE_KEY, ALLOW_PRIVATE_NETWORK: "true" };
    const requests = async () => (await (await network(`${base}/requests`)).json()) as Array<{ q: string[]; source: string; target: string; format: string }>;

    const owner = await createUser("service");
    const organizationId = (await createOrganization(owner)).id;
    const space = await createSpace(owner, organizationId, { title: "Manual" });
    await commitToMain(owner, space.id, [{ operation: "insert_page", title: "Welcome", document: { markdown: "Read the [guide](https://example.com/guide) first.\n\n```\nkeep me\n```\n" } }]);
    const { translation, jobs } = await createTranslation(owner.token, organizationId, { source: { space: space.id, language: "en" }, language: "sv" });

    await network(`${base}/fail?count=1`, { method: "POST" });
    const failed = await runTranslationJobs(jobs, overNetwork, bindings);
    expect(failed.retryMessages).toHaveLength(1);
    expect((await getTranslation(owner.token, organizationId, translation.id)).lastRunError).toMatchObject({ code: "TRANSLATOR_UNAVAILABLE" });
    const retried = await runTranslationJobs(jobs, overNetwork, bindings, 2);
    expect(retried.explicitAcks).toHaveLength(1);

    const sent = await requests();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ q: ["Welcome", "Read the", "guide", "first."], source: "en", target: "sv", format: "text", api_key: TRANSLATION_SERVICE_KEY });
    const done = await getTranslation(owner.token, organizationId, translation.id);
    expect(done).toMatchObject({ status: "completed", result: { language: "sv" }, stats: { runs: 1, latestPages: 1, latestWords: 5 } });
    const pages = (await call("GET", `/v1/spaces/${done.result.space}/content/pages`, { token: owner.token })).body.pages;
    const page = (await call("GET", `/v1/spaces/${done.result.space}/content/page/${pages[0].id}`, { token: owner.token })).body;
    expect(page.title).toBe("⟦sv:Welcome⟧");
    expect(page.markdown).toBe("⟦sv:Read⟧ ⟦sv:the⟧ [⟦sv:guide⟧](https://example.com/guide) ⟦sv:first.⟧\n\n```\nkeep me\n```\n");

    // Without the guard's private-network allowance, the loopback service is refused and nothing is sent.
    await commitToMain(owner, space.id, [{ operation: "update_page", page: pages[0].id, title: "Hello" }]);
    takeRunJobs();
    expect((await translationCall("POST", `${translationPath(organizationId, translation.id)}/run`, { token: owner.token })).status).toBe(204);
    await runTranslationJobs(takeRunJobs(), overNetwork, { ...bindings, ALLOW_PRIVATE_NETWORK: "false" });
    expect(await requests()).toHaveLength(2);
    expect((await getTranslation(owner.token, organizationId, translation.id)).lastRunError).toMatchObject({ code: "TRANSLATOR_REJECTED", message: expect.stringContaining("loopback") });
  });
});
