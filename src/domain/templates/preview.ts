import { parseMarkdownPage } from "../../formats/markdown";
import { catalogueTemplate, type TemplatePage } from "./catalogue";

/**
 * A template's preview image (`previewImage.light`/`dark` of a SpaceTemplate): an SVG card with
 * its emoji, title, subtitle and table of contents, drawn from the catalogue itself so it never
 * drifts from what applying the template gives. Null for an id the catalogue does not have.
 */
export function templatePreviewSvg(templateId: string, theme: "light" | "dark"): string | null {
  const template = catalogueTemplate(templateId);
  if (!template) return null;
  const colors = theme === "dark" ? { background: "#16181d", card: "#1f232b", text: "#f2f4f8", muted: "#9aa3b2" } : { background: "#f5f6f8", card: "#ffffff", text: "#16181d", muted: "#5b6472" };
  const outline = outlineOf(template.pages).slice(0, 12);
  const emoji = String.fromCodePoint(...template.emoji.split("-").map((point) => parseInt(point, 16)));
  const rows = outline.map(
    ({ title, depth }, index) =>
      `<text x="${48 + depth * 20}" y="${190 + index * 26}" font-size="16" fill="${depth === 0 ? colors.text : colors.muted}">${escapeXml(title)}</text>`,
  );
  const height = Math.max(260, 210 + outline.length * 26);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="${height}" viewBox="0 0 640 ${height}" font-family="system-ui, -apple-system, sans-serif">
<rect width="640" height="${height}" fill="${colors.background}"/>
<rect x="16" y="16" width="608" height="${height - 32}" rx="12" fill="${colors.card}"/>
<text x="48" y="84" font-size="36">${emoji}</text>
<text x="104" y="80" font-size="26" font-weight="600" fill="${colors.text}">${escapeXml(template.title)}</text>
<text x="48" y="130" font-size="15" fill="${colors.muted}">${escapeXml(truncate(template.subtitle, 80))}</text>
<line x1="48" y1="156" x2="592" y2="156" stroke="${colors.muted}" stroke-opacity="0.3"/>
${rows.join("\n")}
</svg>`;
}

function outlineOf(pages: readonly TemplatePage[], depth = 0): Array<{ title: string; depth: number }> {
  return pages.flatMap((page) => {
    const parsed = parseMarkdownPage(page.markdown);
    const title = (parsed.ok && parsed.metadata.title) || "Untitled";
    return [{ title, depth }, ...outlineOf(page.pages ?? [], depth + 1)];
  });
}

const truncate = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
