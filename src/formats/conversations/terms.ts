/**
 * The text-similarity model of support issues: TF-IDF vectors compared by cosine. Pure; the
 * document frequencies and centroids it is given live in D1 (domain/conversations/clustering.ts).
 *
 * - Terms: lower-cased words of letters and digits (Unicode), accents folded, without English
 *   stop words (which include the words every support message has: "please", "help", "issue"),
 *   reduced by a light suffix-stripping stemmer, so "keys"/"key", "locating"/"located"/"locate"
 *   and "loops"/"looping" are one term each. Synonyms ("find"/"locate") are not merged.
 * - Weights: term frequency × IDF, IDF = ln((1 + N) / (1 + df)) + 1 (smoothed: a term in every
 *   issue still counts a little), over the organization's clustered issues (N) including the
 *   issue being weighed; the vector is then scaled to length 1.
 * - A cluster's centroid is the sum of its issues' unit vectors; an issue joins the cluster whose
 *   centroid has the highest cosine with it, when that is at least SIMILARITY_THRESHOLD.
 */

/** The least cosine for an issue to join a cluster (docs/decisions.md, "Support conversations"). */
export const SIMILARITY_THRESHOLD = 0.3;

/** Terms kept per issue, the heaviest first: a long message still weighs what its gist weighs. */
export const MAX_TERMS_PER_ISSUE = 48;

const STOP_WORDS = new Set(
  (
    "a about above after again against all am an and any are aren arent as at be because been before being below between both but by " +
    "can cannot cant could couldn couldnt did didn didnt do does doesn doesnt doing don dont down during each few for from further " +
    "had hadn hasn has have haven havent having he her here hers herself him himself his how i if in into is isn isnt it its itself " +
    "just ll me more most my myself no nor not now of off on once only or other our ours ourselves out over own re same she should " +
    "so some such than that the their theirs them themselves then there these they this those through to too under until up very " +
    "was wasn we were weren what when where which while who whom why will with won wont would wouldn you your yours yourself " +
    "yourselves ve im ive id youre s t d m also get got getting able anyone anything still yet already want wanted need needs like " +
    "hi hello hey thanks thank thx please pls help regards cheers best kind team sorry issue problem question know way one " +
    "e g eg ie etc ok okay yes us let lets"
  ).split(" "),
);

/** Lower-cased, accent-folded words of letters and digits, stop words left out, stemmed. */
export function tokenize(text: string): string[] {
  const folded = text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase().replace(/['’]/g, "");
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word) && !/^\d+$/.test(word))
    .map(stem)
    .filter((term) => !STOP_WORDS.has(term));
}

/**
 * A light stemmer (not Porter's: short and predictable): plural and verb endings, then a final
 * "e", so inflections of one word meet. It only ever shortens words of five letters or more.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length < 4) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  for (const suffix of ["ations", "ation", "ingly", "ing", "edly", "ed", "ment", "ly"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      // "stopped" → "stopp" → "stop"; "running" → "runn" → "run".
      if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  if (w.endsWith("e") && w.length >= 5) w = w.slice(0, -1);
  return w;
}

/** Term counts of a text. */
export function termFrequencies(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of tokenize(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

export const inverseDocumentFrequency = (issues: number, issuesWithTerm: number) => Math.log((1 + issues) / (1 + issuesWithTerm)) + 1;

/**
 * The unit TF-IDF vector of term counts, given the number of issues (`issues`, this one
 * included) and the number of them with each term (`documentFrequency`, this one included).
 */
export function unitVector(frequencies: Map<string, number>, issues: number, documentFrequency: (term: string) => number): Record<string, number> {
  const weighted = [...frequencies].map(([term, count]) => [term, count * inverseDocumentFrequency(issues, documentFrequency(term))] as const);
  const kept = weighted.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_TERMS_PER_ISSUE);
  const length = Math.sqrt(kept.reduce((sum, [, weight]) => sum + weight * weight, 0));
  return length === 0 ? {} : Object.fromEntries(kept.map(([term, weight]) => [term, weight / length]));
}

/** The cosine of a unit vector with a centroid, from their dot product and the centroid's squared length. */
export const cosine = (dot: number, centroidNormSquared: number) => (centroidNormSquared > 0 ? dot / Math.sqrt(centroidNormSquared) : 0);

/** The dot product of two sparse vectors. */
export function dot(a: Record<string, number>, b: Record<string, number>): number {
  let sum = 0;
  for (const [term, weight] of Object.entries(a)) sum += weight * (b[term] ?? 0);
  return sum;
}
