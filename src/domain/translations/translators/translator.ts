import { isEnabled } from "../../../lib/outbound-fetch";
import { libreTranslate } from "./libretranslate";
import { workersAI, type WorkersAIBinding } from "./workers-ai";

/**
 * The one interface a translation run talks to (docs/decisions.md, "Translations"): texts in,
 * their translations out, in the same order. Two services implement it, chosen by the
 * deployment's configuration: a LibreTranslate-compatible HTTP API (TRANSLATION_API_URL) and
 * Cloudflare Workers AI (an `AI` binding). With neither, there is no translator, and a run says so.
 */
export interface Translator {
  /** Names the service in what a run records. */
  readonly name: string;
  /** `from` and `to` are GitBook's TranslationLanguage codes; each service maps them to its own. */
  translate(texts: readonly string[], from: string, to: string): Promise<string[]>;
}

/**
 * A call that failed. `retryable`: the service may answer next time (timeout, 429, 5xx, network),
 * so the queue retries the run; otherwise (refused request, unsupported language, a URL the guard
 * refuses, an answer of the wrong shape) retrying cannot help and the run ends with the reason.
 */
export class TranslatorError extends Error {
  constructor(
    readonly retryable: boolean,
    message: string,
  ) {
    super(message);
  }
}

/** The bindings a translator is configured by (all optional: a deployment may have none). */
export type TranslatorBindings = {
  ALLOW_PRIVATE_NETWORK?: string;
  TRANSLATION_API_URL?: string;
  TRANSLATION_API_KEY?: string;
  AI?: WorkersAIBinding;
};

/** The configured translator: the HTTP API when its URL is set, else Workers AI when bound, else none. */
export function configuredTranslator(env: TranslatorBindings, fetcher?: typeof fetch): Translator | null {
  const url = env.TRANSLATION_API_URL?.trim();
  if (url) {
    return libreTranslate({ url, apiKey: env.TRANSLATION_API_KEY?.trim() || undefined, allowPrivateNetwork: isEnabled(env.ALLOW_PRIVATE_NETWORK), fetch: fetcher });
  }
  if (env.AI && typeof env.AI.run === "function") return workersAI(env.AI);
  return null;
}

/** Words as a reader counts them (the `stats` counters): runs of non-space characters. */
export const wordCount = (texts: readonly string[]) => texts.reduce((count, text) => count + (text.match(/\S+/g)?.length ?? 0), 0);
