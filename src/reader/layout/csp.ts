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
 *   feedback) and forms only to this origin; no frames (embeds are cards: a provider's markup is
 *   never placed in a page), no plugins, no <base>; the page may be framed only by this origin.
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
    "frame-src 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'self'",
    "manifest-src 'self'",
  ].join("; ");
}
