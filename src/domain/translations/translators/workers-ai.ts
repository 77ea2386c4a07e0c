import { TranslatorError, type Translator } from "./translator";

/**
 * Cloudflare Workers AI's translation model, through an `AI` binding (wrangler.toml documents how
 * to declare it; it needs a Cloudflare account, so it is off by default and in tests). The model
 * takes one text per call: `{text, source_lang, target_lang}` → `{translated_text}`.
 */
export const WORKERS_AI_TRANSLATION_MODEL = "@cf/meta/m2m100-1.2b";

/** The part of the `Ai` binding used here. */
export interface WorkersAIBinding {
  run(model: string, inputs: Record<string, unknown>): Promise<unknown>;
}

/** Calls in flight at once: each is one text, and a run may have hundreds. */
const CONCURRENT_CALLS = 6;

/** GitBook's codes m2m100 has no model for, or names otherwise (it has no Cantonese). */
const M2M100_CODES: Record<string, string | null> = { "pt-br": "pt", "zh-tw": "zh", yue: null };
export const m2m100Code = (language: string) => (language in M2M100_CODES ? M2M100_CODES[language]! : language);

export function workersAI(ai: WorkersAIBinding): Translator {
  return {
    name: "Workers AI",
    async translate(texts, from, to) {
      const source = m2m100Code(from);
      const target = m2m100Code(to);
      if (!source || !target) throw new TranslatorError(false, `Workers AI's ${WORKERS_AI_TRANSLATION_MODEL} cannot translate ${from} → ${to}`);
      const translated = new Array<string>(texts.length);
      for (let start = 0; start < texts.length; start += CONCURRENT_CALLS) {
        await Promise.all(
          texts.slice(start, start + CONCURRENT_CALLS).map(async (text, offset) => {
            translated[start + offset] = await translateOne(ai, text, source, target);
          }),
        );
      }
      return translated;
    },
  };
}

async function translateOne(ai: WorkersAIBinding, text: string, source: string, target: string): Promise<string> {
  let answer: unknown;
  try {
    answer = await ai.run(WORKERS_AI_TRANSLATION_MODEL, { text, source_lang: source, target_lang: target });
  } catch (error) {
    // The binding does not tell a capacity error from a bad request: the queue's retries decide.
    throw new TranslatorError(true, `Workers AI failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const translated = (answer as { translated_text?: unknown } | null)?.translated_text;
  if (typeof translated !== "string") throw new TranslatorError(false, `Workers AI's ${WORKERS_AI_TRANSLATION_MODEL} answered without a translated_text`);
  return translated;
}
