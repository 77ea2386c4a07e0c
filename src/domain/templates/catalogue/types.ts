/**
 * The shape of a catalogue template: markdown pages as Git Sync writes them (a `# Title` heading,
 * optional front matter), nested as they appear in the table of contents. Links between a
 * template's pages are relative `.md` paths in Git Sync's layout (a page with subpages is
 * `<slug>/README.md`); they become `/pages/<id>` links when the template is applied.
 */

export interface TemplatePage {
  markdown: string;
  pages?: TemplatePage[];
  /**
   * The name of an `openapi` reference: when the caller fills it, the page is a `builtin:openapi`
   * computed page of that spec (its markdown is then the stored body, shown with computed=false).
   */
  computedFrom?: string;
}

/** The kinds of content a named reference can be filled with (GitBook's ContentRef kinds). */
export type ReferenceKind = "page" | "file" | "url" | "openapi";

/**
 * A named reference: a line `{{ref:<name>}}` in a page's markdown, replaced by markdown made
 * from the ContentRef the caller gives under that name, or by `fallback` when none is given.
 */
export interface TemplateReference {
  name: string;
  kinds: readonly ReferenceKind[];
  description: string;
  fallback: string;
}

export interface CatalogueTemplate {
  id: string;
  title: string;
  subtitle: string;
  /** Unicode code points in hex, as GitBook's Emoji fields carry them. */
  emoji: string;
  features: readonly string[];
  references: readonly TemplateReference[];
  pages: readonly TemplatePage[];
}
