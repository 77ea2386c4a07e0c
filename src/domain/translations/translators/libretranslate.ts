import { OutboundError, outboundFetch } from "../../../lib/outbound-fetch";
import { TranslatorError, type Translator } from "./translator";

/**
 * A LibreTranslate-compatible HTTP API (LibreTranslate is open source and self-hostable): POST
 * `<url>/translate` with `{q: string[], source, target, format: "text", api_key?}`, answered
 * `{translatedText: string[]}`. Texts go in batches under LibreTranslate's usual limits, each
 * request through the outbound guard (lib/outbound-fetch.ts) with its own deadline.
 */

/** Characters per request (LibreTranslate's public instances refuse more than about 5000). */
export const MAX_CHARACTERS_PER_REQUEST = 4_000;
/** Texts per request (LibreTranslate's `--batch-limit`). */
export const MAX_TEXTS_PER_REQUEST = 50;
const REQUEST_TIMEOUT_MS = 30_000;
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * GitBook's language codes where LibreTranslate (Argos Translate) names them otherwise; the
 * others are the same ISO 639-1 codes.
 */
const LIBRETRANSLATE_CODES: Record<string, string> = { "pt-br": "pt-BR", zh: "zh-Hans", "zh-tw": "zh-Hant", no: "nb" };
export const libreTranslateCode = (language: string) => LIBRETRANSLATE_CODES[language] ?? language;

export interface LibreTranslateOptions {
  url: string;
  apiKey?: string;
  allowPrivateNetwork: boolean;
  fetch?: typeof fetch;
}

export function libreTranslate(options: LibreTranslateOptions): Translator {
  const endpoint = `${options.url.replace(/\/+$/, "")}/translate`;
  return {
    name: "LibreTranslate",
    async translate(texts, from, to) {
      const translated: string[] = [];
      for (const batch of batches(texts)) translated.push(...(await request(options, endpoint, batch, libreTranslateCode(from), libreTranslateCode(to))));
      return translated;
    },
  };
}

/** Consecutive texts, at most MAX_TEXTS_PER_REQUEST and MAX_CHARACTERS_PER_REQUEST a batch (a longer text goes alone). */
export function batches(texts: readonly string[]): string[][] {
  const result: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const text of texts) {
    if (current.length > 0 && (current.length >= MAX_TEXTS_PER_REQUEST || size + text.length > MAX_CHARACTERS_PER_REQUEST)) {
      result.push(current);
      current = [];
      size = 0;
    }
    current.push(text);
    size += text.length;
  }
  if (current.length > 0) result.push(current);
  return result;
}

async function request(options: LibreTranslateOptions, endpoint: string, q: string[], source: string, target: string): Promise<string[]> {
  let answer;
  try {
    answer = await outboundFetch(endpoint, {
      method: "POST",
      body: JSON.stringify({ q, source, target, format: "text", ...(options.apiKey ? { api_key: options.apiKey } : {}) }),
      headers: { "content-type": "application/json", accept: "application/json" },
      allowPrivateNetwork: options.allowPrivateNetwork,
      timeoutMs: REQUEST_TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
      fetch: options.fetch,
    });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    // A refused URL stays refused; a timeout or a dropped connection may not happen again.
    throw new TranslatorError(error.failure === "timeout" || error.failure === "network", `The translation service: ${error.message}`);
  }
  if (answer.status === 429 || answer.status >= 500) {
    throw new TranslatorError(true, `The translation service at ${endpoint} answered HTTP ${answer.status}`);
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new TranslatorError(false, `The translation service at ${endpoint} refused the request (HTTP ${answer.status}): check TRANSLATION_API_KEY and that it supports ${source} → ${target}`);
  }
  const translated = parsedTranslations(answer.body);
  if (!translated || translated.length !== q.length) {
    throw new TranslatorError(false, `The translation service at ${endpoint} did not answer {translatedText: string[]} with one translation per text`);
  }
  return translated;
}

function parsedTranslations(body: Uint8Array): string[] | null {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as { translatedText?: unknown };
    const texts = parsed.translatedText;
    return Array.isArray(texts) && texts.every((text) => typeof text === "string") ? texts : null;
  } catch {
    return null;
  }
}
