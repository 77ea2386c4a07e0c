import { cleanMessage, firstSentence, truncate } from "./clean";
import { tokenize } from "./terms";

/**
 * A conversation's issue: what its user asked, in a title and a summary, both taken from the
 * user's messages only (assistants and team members answer; they do not state the problem),
 * cleaned of HTML, quotes, greetings and signatures (clean.ts).
 */

export const ISSUE_TITLE_MAX = 120;
export const ISSUE_SUMMARY_MAX = 600;

export interface DerivedIssue {
  title: string;
  summary: string;
  /** The text the similarity model reads: the title (the question, usually) then the summary. */
  text: string;
}

interface MessagePart {
  role: string;
  body: string;
}

/** The issue of a conversation, or null when its user wrote nothing left after cleaning. */
export function deriveIssue(parts: readonly MessagePart[], subject: string | null): DerivedIssue | null {
  const messages = parts.filter((part) => part.role === "user").map((part) => cleanMessage(part.body)).filter(Boolean);
  if (messages.length === 0) return null;
  const summary = truncate(messages.join("\n"), ISSUE_SUMMARY_MAX);
  const sentence = firstSentence(messages[0]!, ISSUE_TITLE_MAX);
  // A first "sentence" of a word or two ("Urgent!") says less than the subject, when there is one.
  const title = tokenize(sentence).length < 2 && subject?.trim() ? truncate(subject, ISSUE_TITLE_MAX) : sentence;
  return { title: capitalize(title), summary: capitalize(summary), text: `${title}\n${summary}` };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A cluster's icon (a GitBook icon name, Font Awesome's), from the terms of its first issue: the
 * first topic whose words it has, else a question mark in a speech bubble.
 */
const ICON_TOPICS: Array<[string, string[]]> = [
  ["key", ["key", "token", "secret", "credential", "apikey"]],
  ["right-to-bracket", ["login", "log", "sso", "saml", "sign", "password", "auth", "authent", "oauth", "okta", "2fa", "mfa"]],
  ["credit-card", ["bill", "invoic", "payment", "charg", "refund", "subscription", "plan", "pric", "vat", "seat"]],
  ["magnifying-glass", ["search", "find", "result"]],
  ["bug", ["error", "crash", "bug", "broken", "fail", "exception", "500"]],
  ["gauge-high", ["slow", "performanc", "latency", "timeout", "speed"]],
  ["plug", ["integration", "webhook", "api", "sdk", "github", "gitlab", "sync", "slack"]],
  ["users", ["invit", "member", "team", "permission", "role", "access", "seat"]],
  ["globe", ["domain", "dns", "site", "publish", "url", "hostnam"]],
  ["file-lines", ["page", "content", "editor", "markdown", "document", "pdf", "export", "import"]],
];

export function iconFor(terms: Iterable<string>): string {
  const present = new Set(terms);
  return ICON_TOPICS.find(([, words]) => words.some((word) => present.has(word)))?.[0] ?? "message-question";
}
