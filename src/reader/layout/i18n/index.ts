import { de } from "./de";
import { en, type Labels } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { ja } from "./ja";
import { nl } from "./nl";
import { no } from "./no";
import { ptBr } from "./pt-br";
import { ru } from "./ru";
import { zh } from "./zh";

export type { Labels };

/** Every locale of GitBook's `internationalization.locale`. */
const LABELS: Record<string, Labels> = { en, fr, es, de, nl, no, "pt-br": ptBr, ja, zh, ru };

export function labelsFor(locale: string): Labels {
  return LABELS[locale] ?? en;
}

/** `format("Results for “{query}”", {query: "x"})`. The result is text: JSX escapes it where it is used. */
export function format(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
