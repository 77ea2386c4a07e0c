import { describe, expect, it } from "vitest";
import { MAX_CHARACTERS_PER_REQUEST, MAX_TEXTS_PER_REQUEST, batches, libreTranslate, libreTranslateCode } from "../../../src/domain/translations/translators/libretranslate";
import { TranslatorError, configuredTranslator, wordCount } from "../../../src/domain/translations/translators/translator";
import { WORKERS_AI_TRANSLATION_MODEL, m2m100Code, workersAI, type WorkersAIBinding } from "../../../src/domain/translations/translators/workers-ai";

/** The translators behind the one interface, on their own: batching, language codes, failures. */

async function failure(promise: Promise<unknown>): Promise<TranslatorError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TranslatorError);
  return error as TranslatorError;
}

/** A Workers AI binding double speaking m2m100's shape; records the calls. */
function fakeAI(answer: (inputs: Record<string, unknown>) => unknown = (inputs) => ({ translated_text: `[${inputs.target_lang}] ${inputs.text}` })) {
  const calls: Array<[string, Record<string, unknown>]> = [];
  const ai: WorkersAIBinding = {
    async run(model, inputs) {
      calls.push([model, inputs]);
      return answer(inputs);
    },
  };
  return { ai, calls };
}

describe("choosing the translator", () => {
  it("takes the HTTP API when its URL is set, else Workers AI when bound, else none", () => {
    const { ai } = fakeAI();
    expect(configuredTranslator({ TRANSLATION_API_URL: "https://t.example.com", AI: ai })?.name).toBe("LibreTranslate");
    expect(configuredTranslator({ TRANSLATION_API_URL: " ", AI: ai })?.name).toBe("Workers AI");
    expect(configuredTranslator({ TRANSLATION_API_URL: "" })).toBeNull();
    expect(configuredTranslator({})).toBeNull();
  });

  it("counts words as runs of non-space characters", () => {
    expect(wordCount(["Hello  world", "", "one\ntwo three"])).toBe(5);
  });
});

describe("LibreTranslate", () => {
  it("batches consecutive texts under the per-request limits", () => {
    const many = Array.from({ length: MAX_TEXTS_PER_REQUEST + 3 }, (_, index) => `text ${index}`);
    expect(batches(many).map((batch) => batch.length)).toEqual([MAX_TEXTS_PER_REQUEST, 3]);
    const long = "x".repeat(MAX_CHARACTERS_PER_REQUEST - 10);
    expect(batches([long, "0123456789a", "b", "x".repeat(MAX_CHARACTERS_PER_REQUEST + 5)]).map((batch) => batch.length)).toEqual([1, 2, 1]);
    expect(batches([])).toEqual([]);
  });

  it("sends each batch as LibreTranslate's q array with its language codes, keeping the order", async () => {
    const sent: Array<{ q: string[]; source: string; target: string; format: string; api_key?: string }> = [];
    const fetcher = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      return Response.json({ translatedText: body.q.map((text: string) => text.toUpperCase()) });
    }) as typeof fetch;
    const translator = libreTranslate({ url: "https://t.example.com/", allowPrivateNetwork: false, fetch: fetcher });
    const texts = Array.from({ length: MAX_TEXTS_PER_REQUEST + 1 }, (_, index) => `word ${index}`);
    expect(await translator.translate(texts, "en", "pt-br")).toEqual(texts.map((text) => text.toUpperCase()));
    expect(sent.map((body) => [body.q.length, body.source, body.target, body.format, "api_key" in body])).toEqual([
      [MAX_TEXTS_PER_REQUEST, "en", "pt-BR", "text", false],
      [1, "en", "pt-BR", "text", false],
    ]);
    expect([libreTranslateCode("zh"), libreTranslateCode("zh-tw"), libreTranslateCode("no"), libreTranslateCode("fr")]).toEqual(["zh-Hans", "zh-Hant", "nb", "fr"]);
  });

  it("tells failures that may pass (5xx, 429, timeouts) from those that will not (4xx, wrong shape)", async () => {
    const answering = (response: () => Response) => libreTranslate({ url: "https://t.example.com", allowPrivateNetwork: false, fetch: (async () => response()) as typeof fetch });
    expect((await failure(answering(() => new Response("busy", { status: 503 })).translate(["a"], "en", "fr"))).retryable).toBe(true);
    expect((await failure(answering(() => new Response("slow down", { status: 429 })).translate(["a"], "en", "fr"))).retryable).toBe(true);
    expect((await failure(answering(() => new Response("bad", { status: 400 })).translate(["a"], "en", "fr"))).retryable).toBe(false);
    expect((await failure(answering(() => Response.json({ translatedText: "a" })).translate(["a"], "en", "fr"))).retryable).toBe(false);
    expect((await failure(answering(() => Response.json({ translatedText: ["a", "b"] })).translate(["a"], "en", "fr"))).retryable).toBe(false);
    const down = libreTranslate({ url: "https://t.example.com", allowPrivateNetwork: false, fetch: (async () => Promise.reject(new TypeError("refused"))) as typeof fetch });
    expect((await failure(down.translate(["a"], "en", "fr"))).retryable).toBe(true);
  });
});

describe("Workers AI (a fake binding: the real one needs a Cloudflare account)", () => {
  it("translates each text with m2m100, in order, mapping GitBook's codes", async () => {
    const { ai, calls } = fakeAI();
    const translated = await workersAI(ai).translate(["one", "two", "three", "four", "five", "six", "seven"], "en", "pt-br");
    expect(translated).toEqual(["one", "two", "three", "four", "five", "six", "seven"].map((text) => `[pt] ${text}`));
    expect(calls[0]).toEqual([WORKERS_AI_TRANSLATION_MODEL, { text: "one", source_lang: "en", target_lang: "pt" }]);
    expect(calls).toHaveLength(7);
    expect([m2m100Code("zh-tw"), m2m100Code("yue"), m2m100Code("de")]).toEqual(["zh", null, "de"]);
  });

  it("refuses a language the model lacks, retries what the binding throws, and rejects a wrong answer", async () => {
    const { ai, calls } = fakeAI();
    expect((await failure(workersAI(ai).translate(["a"], "en", "yue"))).retryable).toBe(false);
    expect(calls).toEqual([]);
    const throwing = fakeAI(() => {
      throw new Error("capacity exceeded");
    });
    const thrown = await failure(workersAI(throwing.ai).translate(["a"], "en", "fr"));
    expect([thrown.retryable, thrown.message]).toEqual([true, "Workers AI failed: capacity exceeded"]);
    expect((await failure(workersAI(fakeAI(() => ({ response: "?" })).ai).translate(["a"], "en", "fr"))).retryable).toBe(false);
  });
});
