import { raw } from "hono/html";
import type { ReaderIcon } from "../model";

/**
 * The few icons of the chrome, inline SVG (no icon font, no request): decorative, so hidden from
 * assistive technology; every control that shows one also has a text name. Strokes use
 * currentColor so they follow the theme and the header's colours.
 */
const PATHS = {
  menu: "M4 6h16M4 12h16M4 18h16",
  search: "M11 4a7 7 0 1 0 0 14a7 7 0 0 0 0-14zM20 20l-3.5-3.5",
  sun: "M12 8a4 4 0 1 0 0 8a4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4",
  moon: "M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z",
  chevron: "M9 6l6 6-6 6",
  previous: "M15 6l-6 6 6 6",
  next: "M9 6l6 6-6 6",
  close: "M6 6l12 12M18 6L6 18",
  markdown: "M4 6h16v12H4zM7 15V9l2.5 3L12 9v6M16 9v6M14 13l2 2 2-2",
  copy: "M9 9h10v10H9zM5 15V5h10",
  edit: "M4 20h4L19 9l-4-4L4 16zM14 6l4 4",
  download: "M12 4v11M7 10l5 5 5-5M5 20h14",
  good: "M7 11v9H4v-9zM7 11l4-7c1.5 0 2.5 1 2.5 2.5V10H19a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 17.8 20H7",
  bad: "M17 13V4h3v9zM17 13l-4 7c-1.5 0-2.5-1-2.5-2.5V14H5a2 2 0 0 1-2-2.3l1.2-6A2 2 0 0 1 6.2 4H17",
  external: "M14 4h6v6M20 4l-9 9M18 14v6H4V6h6",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, class: className }: { name: IconName; class?: string }) {
  return (
    <svg class={className ? `icon ${className}` : "icon"} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}

/**
 * A GitBook icon (a Font Awesome name) as the inline SVG the server read for it (site.icons;
 * src/reader/serve/icons.ts), decorative like the chrome's: the title beside it names the thing.
 * Nothing when the name has no drawing.
 */
export function NamedIcon({ name, icons, class: className }: { name: string | undefined; icons: Record<string, ReaderIcon> | undefined; class: string }) {
  const drawing = name === undefined ? undefined : icons?.[name];
  if (!drawing) return null;
  return (
    <svg class={`named-icon ${className}`} viewBox={drawing.viewBox} aria-hidden="true" focusable="false">
      {raw(drawing.markup)}
    </svg>
  );
}

/** Section and group icons are emoji or Font Awesome names. */
export const isEmoji = (icon: string) => /^\p{Extended_Pictographic}/u.test(icon);
