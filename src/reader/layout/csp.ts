import { EMBED_FRAME_SANDBOX } from "../document/media";

/**
 * The Content-Security-Policy of every reader HTML response, with that response's nonce.
 *
 * - Scripts: only elements carrying the nonce (the head's theme script, the island bundle);
 *   'strict-dynamic' lets the bundle load its own chunks, and makes browsers ignore any host
 *   list, so a script tag that content managed to smuggle in runs nothing, and no inline event
 *   handler or `javascript:` URL runs either.
 * - Styles: the reader's stylesheet (same origin, also nonced) and the theme's <style nonce>.
 *   Style *attributes* are allowed (`style-src-attr`): server-rendered math and table widths use
 *   them, and a style attribute cannot run code.
 * - Images and media from anywhere over https (content images may be hosted anywhere), data: for
 *   the favicon and small inline images; fonts only from this origin (KaTeX's); fetches (search,
 *   feedback) and forms only to this origin; frames only from this origin (a rich embed's frame,
 *   serve/embed-frames.ts: the provider's markup is never placed in the page itself), no plugins,
 *   no <base>; the page may be framed only by this origin.
 */
export function readerContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' https: data:",
    "media-src 'self' https:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'self'",
    "manifest-src 'self'",
  ].join("; ");
}

/**
 * The CSP of a rich embed's frame: the sandbox, then the provider's markup may load what
 * providers' markup loads (its scripts, inline or not, styles, images, media, fonts, frames and
 * fetches from anywhere over http(s): it runs in an origin of its own, with nothing to protect),
 * but no plugins and no <base>, and only the reader's own pages may frame it.
 */
export function embedFrameContentSecurityPolicy(): string {
  const web = "http: https:";
  return [
    `sandbox ${EMBED_FRAME_SANDBOX}`,
    "default-src 'none'",
    `script-src ${web} 'unsafe-inline'`,
    `style-src ${web} 'unsafe-inline'`,
    `img-src ${web} data: blob:`,
    `media-src ${web} blob:`,
    `font-src ${web} data:`,
    `connect-src ${web}`,
    `frame-src ${web}`,
    `form-action ${web}`,
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'self'",
  ].join("; ");
}
