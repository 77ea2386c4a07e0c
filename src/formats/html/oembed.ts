/**
 * An oEmbed answer (https://oembed.com, JSON format), read leniently: providers send numbers as
 * strings and leave out what they please, so only what a card needs is taken, and only when it
 * is a string. `html` is the provider's markup, passed on as the provider wrote it.
 */

export interface OEmbed {
  type: "rich" | "video" | "photo" | "link";
  title?: string;
  providerName?: string;
  /** For `rich` and `video`: the markup to embed. */
  html?: string;
}

const TYPES = new Set(["rich", "video", "photo", "link"]);
const MAX_TEXT = 300;

/** The oEmbed object in `text`, or undefined when it is not JSON or not an oEmbed answer. */
export function readOEmbed(text: string): OEmbed | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const answer = value as Record<string, unknown>;
  if (typeof answer.type !== "string" || !TYPES.has(answer.type)) return undefined;
  const string = (key: string, max = MAX_TEXT) => (typeof answer[key] === "string" && answer[key].trim() ? (answer[key] as string).trim().slice(0, max) : undefined);
  const title = string("title");
  const providerName = string("provider_name");
  // The markup is kept whole: cutting it would break it. The size of the answer is capped upstream.
  const html = answer.type === "rich" || answer.type === "video" ? string("html", Infinity) : undefined;
  return { type: answer.type as OEmbed["type"], ...(title ? { title } : {}), ...(providerName ? { providerName } : {}), ...(html ? { html } : {}) };
}
