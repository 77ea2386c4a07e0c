/*
 * The document renderer: GitBook JSON documents (every block, inline and mark type of GitBook's
 * spec) to semantic, accessible HTML, with hono/jsx. Pure: no I/O, no HTTP; the caller loads what
 * a document points at (referencesOf) and hands it over as synchronous lookups.
 *
 *   const references = mergeReferences(referencesOf(page), ...reusable.map(referencesOf));
 *   // ...load pages' URLs, files, embeds, reusable contents, OpenAPI data in one batch...
 *   const renderers = await loadDocumentRenderers(references);  // highlight.js / KaTeX, if needed
 *   const html = String(renderDocument(page, { ...lookups, renderers }));
 *   const outline = outlineOf(page, lookups);                      // same ids as the headings
 *   // a page with math (references.math) links KaTeX's stylesheet (scripts/reader-assets.mjs)
 *
 * renderDocument returns a hono/jsx element without async components: `String(element)` is the
 * HTML at once, and it can be placed inside a layout's JSX as it is. Content is untrusted: text is
 * escaped, URLs are http(s), mailto or relative (urls.ts), no style or event attribute comes from
 * content, embeds are cards (never third-party markup), and a lookup's null hides its target.
 *
 * CLASS NAMES (all `doc-*`; the layout's CSS styles them; BEM-ish `--modifier`)
 *
 *   Text        doc-paragraph · doc-align-center | doc-align-end (paragraphs, headings; table
 *               cells: doc-align-center | doc-align-right)
 *               doc-heading-wrapper doc-heading-wrapper-{1,2,3} > h2|h3|h4.doc-heading.doc-heading-{1,2,3}[id]
 *               + a.doc-heading-anchor[href="#id"] > span.doc-visually-hidden ("Section titled …";
 *               the CSS draws the link icon, e.g. on .doc-heading-wrapper:hover)
 *               doc-quote (blockquote) · doc-divider (hr) · doc-hint doc-hint--{info,success,warning,danger}
 *               [role=note] > span.doc-hint-icon (empty: CSS draws it) + div.doc-hint-body
 *   Marks       strong, em, s, sup, sub · code.doc-code-inline · kbd.doc-kbd
 *               span.doc-color + doc-text-{color} / doc-bg-{color}, color in green blue red orange
 *               yellow purple pink violet cyan primary info success warning danger tint
 *   Inlines     a.doc-link (+ doc-link--external, rel=noopener noreferrer) · span.doc-emoji
 *               svg.doc-icon.named-icon[data-icon=name][aria-hidden] (the context's drawing), else
 *               span.doc-icon[data-icon=name][aria-hidden] (empty); either may carry
 *               doc-text-{color} · span.doc-expression
 *               a.doc-mention doc-mention--{page,anchor,space,file,url} (> span.doc-mention-emoji)
 *               span.doc-mention doc-mention--user · img.doc-inline-image (+ doc-inline-image--line)
 *               a|button.doc-button doc-button--{primary,secondary} (+ doc-button--{small,large});
 *               a <button> carries data-action (search|ask|select) and data-query / data-slug for an island
 *               span.doc-annotation > button.doc-annotation-trigger[popovertarget]
 *               + span.doc-annotation-body[popover][role=note] > span.doc-annotation-paragraph
 *   Lists       ul.doc-list doc-list--bulleted · ol.doc-list doc-list--numbered[start] > li.doc-list-item
 *               ul.doc-list doc-list--tasks > li.doc-task (+ doc-task--done)
 *               > input.doc-task-checkbox[disabled] + div.doc-task-body
 *   Code        figure.doc-code (+ doc-code--line-numbers, doc-code--wrap, doc-full-width)[data-language]
 *               > figcaption.doc-code-title? + pre.doc-code-pre[tabindex=0]
 *               > code.doc-code-body(.hljs.language-x)[data-copy] > span.doc-code-line
 *               (+ doc-code-line--highlighted) per line, highlight.js token spans (.hljs-keyword,
 *               .hljs-string… any hljs theme applies) inside. Lines: display:block; numbers with a
 *               CSS counter on .doc-code--line-numbers .doc-code-line::before. Copy button: copy
 *               the textContent of [data-copy] (lines end with "\n").
 *   Math        div.doc-math doc-math--block · span.doc-math (KaTeX's .katex markup inside; needs
 *               KaTeX's stylesheet) · pre|code.doc-math doc-math--source (TeX shown as is: KaTeX not
 *               loaded). KaTeX sets inline style attributes of its own (never from content): a CSP
 *               needs style-src-attr 'unsafe-inline' (or 'unsafe-hashes') for math to lay out.
 *   Media       div.doc-images doc-images--{left,center,right} (+ doc-images--framed, doc-full-width)
 *               > figure.doc-image (+ doc-drawing) > img.doc-image-img[loading=lazy] + figcaption.doc-image-caption
 *               Dark variants: a second img, .doc-image-light and .doc-image-dark on the pair: the
 *               CSS hides the one of the other theme (also on .doc-inline-image, .doc-card-cover).
 *               div.doc-file > a.doc-file-link > span.doc-file-icon + span.doc-file-name + span.doc-file-meta
 *               div.doc-embed (+ doc-full-width) > a.doc-embed-card > img.doc-embed-thumbnail?
 *               + span.doc-embed-text > span.doc-embed-title + span.doc-embed-description?
 *               + span.doc-embed-site (> img.doc-embed-icon?)
 *   Cards       div.doc-content-ref > a.doc-content-ref-link > span.doc-content-ref-emoji?
 *               + span.doc-content-ref-text > span.doc-content-ref-title + span.doc-content-ref-description?
 *   Tabs        div.doc-tabs > (input.doc-tab-input[type=radio] + label.doc-tab-label + div.doc-tab-panel)*
 *               Works without script with this CSS: .doc-tabs{display:flex;flex-wrap:wrap}
 *               .doc-tab-input{position:absolute;opacity:0} .doc-tab-label{order:0}
 *               .doc-tab-panel{order:1;flex-basis:100%;display:none}
 *               .doc-tab-input:checked+.doc-tab-label+.doc-tab-panel{display:block}
 *               .doc-tab-input:focus-visible+.doc-tab-label{outline:…}
 *   Containers  details.doc-expandable[open?][id?] > summary.doc-expandable-summary + div.doc-expandable-body
 *               ol.doc-stepper > li.doc-step · div.doc-columns doc-columns--{1..4} > div.doc-column
 *               div.doc-updates > section.doc-update > p.doc-update-meta (> time, span.doc-update-tag)
 *               + div.doc-update-body · details.doc-prompt > summary.doc-prompt-summary + figure.doc-code
 *               doc-full-width on any block GitBook marks full width
 *   Tables      div.doc-table[tabindex=0] (+ doc-full-width) > table.doc-table-grid > thead (doc-visually-hidden
 *               when GitBook hides the header) th[scope=col] · td[rowspan][colspan]
 *               cells: input.doc-table-checkbox · span.doc-rating[role=img] (★☆) · span.doc-table-option
 *               (+ doc-table-option--{color}) · span.doc-table-user · img.doc-table-image · a.doc-link
 *               div.doc-cards doc-cards--{medium,large} > div.doc-card (+ doc-card--linked)
 *               > img.doc-card-cover? + div.doc-card-body > div.doc-card-field (> span.doc-card-field-title)
 *               + a.doc-card-link (stretch it over the card: .doc-card{position:relative}
 *               .doc-card-link::after{content:"";position:absolute;inset:0})
 *   API         section.doc-openapi[id] (+ doc-openapi--deprecated, doc-openapi--unavailable)
 *               > h2.doc-openapi-title + p.doc-openapi-endpoint > span.doc-openapi-method
 *               doc-openapi-method--{get,post,put,patch,delete,head,options,trace,other} + code.doc-openapi-path
 *               p.doc-openapi-deprecated · div.doc-openapi-description · p.doc-openapi-servers > code.doc-openapi-server
 *               h3.doc-openapi-subtitle · dl.doc-openapi-fields > div.doc-openapi-field > dt
 *               (code.doc-openapi-field-name, span.doc-openapi-field-type, span.doc-openapi-field-required,
 *               span.doc-openapi-field-deprecated) + dd · div.doc-openapi-body · div.doc-openapi-media
 *               > p.doc-openapi-media-type · div.doc-openapi-responses > details.doc-openapi-response
 *               > summary.doc-openapi-response-summary > span.doc-openapi-status doc-openapi-status--{1xx..5xx,default}
 *               section.doc-openapi-schemas > details.doc-openapi-schema > summary.doc-openapi-schema-summary
 *   Utility     doc-visually-hidden (the usual clip-rect recipe; screen readers only)
 *
 * Ids the renderer makes itself start with "_" (tab inputs, task bodies, annotation popovers);
 * anchor ids of headings, API operations and expandables never do.
 */
export { referencesOf, mergeReferences, emptyReferences } from "./references";
export { renderDocument } from "./render";
export { outlineOf, type OutlineItem, type OutlineLookups } from "./anchors";
export { loadDocumentRenderers, type RendererNeeds } from "./renderers";
export { openapiOperationData, openapiSchemasData } from "./openapi/operation-data";
export type * from "./types";
