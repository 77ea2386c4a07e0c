import type { Child } from "hono/jsx";
import type { ReaderLink } from "../model";

/**
 * Links whose target comes from a customization or content (header, footer, social links) are
 * shown only with a scheme a reader can follow safely: relative URLs, http(s), mailto and tel.
 * Anything else (`javascript:`, `data:`, `vbscript:`…) renders as plain text. Browsers ignore
 * tabs, newlines and leading spaces in a scheme ("java\tscript:"), so those are removed before
 * the check.
 */
const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);

export function safeHref(href: string | undefined): string | undefined {
  if (href === undefined) return undefined;
  const squeezed = href.replace(/[\u0000-\u0020\u007f]/g, "");
  const scheme = /^([a-z][a-z0-9+.\-]*):/i.exec(squeezed)?.[1];
  if (scheme === undefined) return href;
  return SAFE_SCHEMES.has(`${scheme.toLowerCase()}:`) ? href : undefined;
}

/** `rel` and `target` of a link to another site, as the customization's `externalLinks.target` says. */
export function externalAttributes(link: ReaderLink, newTab: boolean): Record<string, string> {
  if (!link.external) return {};
  return newTab ? { rel: "noopener noreferrer", target: "_blank" } : { rel: "noopener" };
}

export function SiteLink({ link, newTab, class: className, children }: { link: ReaderLink; newTab: boolean; class?: string; children?: Child }) {
  const href = safeHref(link.href);
  const content = children ?? link.title;
  if (href === undefined) return <span class={className}>{content}</span>;
  return (
    <a class={className} href={href} {...externalAttributes(link, newTab)}>
      {content}
    </a>
  );
}

/**
 * A GET form's action loses its own query string (the browser replaces it with the form's
 * fields): the query of `href` (a share key, visitor claims) is carried as hidden fields instead.
 */
export function GetFormTarget({ href }: { href: string }) {
  const url = new URL(href, "https://reader.invalid");
  return (
    <>
      {[...url.searchParams].filter(([name]) => name !== "q").map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

export function formAction(href: string): string {
  return href.split(/[?#]/, 1)[0]!;
}
