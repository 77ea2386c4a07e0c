import type { LayoutSettings } from "../settings";
import { contrast, fromOklch, mix, parseHex, readableOn, toHex, toOklch, type Rgb } from "./color";

/**
 * The colours of one theme (light or dark) as CSS custom properties, derived from the
 * customization's primary, tint, semantic and header colours. Every pair the stylesheet puts
 * text on is checked here against WCAG AA (4.5:1 for text, 3:1 for focus rings and borders that
 * carry meaning): a brand colour that is too light for links on white is darkened (in OKLCH, hue
 * kept) only where it is used as text, and stays as given where it is decoration.
 */
export type Mode = "light" | "dark";

const WHITE: Rgb = [1, 1, 1];
const NEAR_BLACK: Rgb = fromOklch({ l: 0.2, c: 0, h: 0 });
const AA_TEXT = 4.5;
const AA_UI = 3;

/** OKLCH lightness of each neutral role: light theme, dark theme. */
const NEUTRALS = {
  bg: [1, 0.19],
  "bg-subtle": [0.975, 0.215],
  "bg-muted": [0.945, 0.255],
  "bg-elevated": [1, 0.235],
  border: [0.905, 0.32],
  "border-strong": [0.8, 0.42],
  text: [0.24, 0.94],
  "text-muted": [0.5, 0.76],
} as const;
/** How much of the tint's chroma each neutral role takes. */
const TINT_STRENGTH: Record<keyof typeof NEUTRALS, number> = {
  bg: 0.25,
  "bg-subtle": 0.6,
  "bg-muted": 0.8,
  "bg-elevated": 0.25,
  border: 0.8,
  "border-strong": 0.7,
  text: 0.5,
  "text-muted": 0.6,
};

export function paletteVariables(settings: LayoutSettings, mode: Mode): Record<string, string> {
  const index = mode === "light" ? 0 : 1;
  const primary = parseHex(settings.primaryColor[mode])!;
  // `muted` tints the page with the primary colour when no tint is set (GitBook's theme of that name).
  const tintSource = settings.tintColor ? parseHex(settings.tintColor[mode]) : settings.theme === "muted" ? primary : undefined;
  const tint = tintSource ? toOklch(tintSource) : undefined;
  const chroma = tint ? Math.min(0.03, tint.c) : 0;
  const neutral = (role: keyof typeof NEUTRALS): Rgb => fromOklch({ l: NEUTRALS[role][index], c: chroma * TINT_STRENGTH[role], h: tint?.h ?? 0 });

  const bg = neutral("bg");
  const subtle = neutral("bg-subtle");
  const muted = neutral("bg-muted");
  const surfaces = [bg, subtle, muted];
  const text = neutral("text");
  // The semantic colours first: their soft backgrounds (hints) are surfaces links must read on too.
  const semantic: Record<string, string> = {};
  const hintSurfaces: Rgb[] = [];
  for (const kind of ["info", "success", "warning", "danger"] as const) {
    const color = parseHex(settings[`${kind}Color`][mode])!;
    const soft = mix(bg, color, mode === "light" ? 0.1 : 0.16);
    hintSurfaces.push(soft);
    semantic[`${kind}-soft`] = toHex(soft);
    semantic[`${kind}-border`] = toHex(mix(bg, color, 0.45));
    semantic[`${kind}-accent`] = toHex(readableOn(color, [soft, bg], AA_UI));
    semantic[`${kind}-text`] = toHex(readableOn(color, [soft, bg], AA_TEXT));
  }
  const primarySoft = mix(bg, primary, mode === "light" ? 0.1 : 0.18);
  const markBg = mix(bg, primary, mode === "light" ? 0.22 : 0.38);
  const solid = solidWithText(primary);
  const readingSurfaces = [...surfaces, ...hintSurfaces];

  const variables: Record<string, string> = {
    "color-scheme": mode,
    bg: toHex(bg),
    "bg-subtle": toHex(subtle),
    "bg-muted": toHex(muted),
    "bg-elevated": toHex(neutral("bg-elevated")),
    border: toHex(neutral("border")),
    "border-strong": toHex(readableOn(neutral("border-strong"), [bg], AA_UI)),
    text: toHex(readableOn(text, [...readingSurfaces, primarySoft], 7)),
    "text-muted": toHex(readableOn(neutral("text-muted"), readingSurfaces, AA_TEXT)),
    primary: toHex(primary),
    "primary-text": toHex(readableOn(primary, [...readingSurfaces, primarySoft], AA_TEXT)),
    "primary-soft": toHex(primarySoft),
    "primary-border": toHex(mix(bg, primary, 0.4)),
    "primary-solid": toHex(solid.background),
    "on-primary": toHex(solid.text),
    focus: toHex(readableOn(primary, surfaces, AA_UI)),
    "mark-bg": toHex(markBg),
    "mark-text": toHex(readableOn(text, [markBg], AA_TEXT)),
    ...semantic,
    ...header(settings, mode, { bg, text, primary: solid }),
  };
  return variables;
}

/** A colour to fill buttons with and the text on it: white or near-black, whichever reads; the fill darkened if neither does. */
function solidWithText(color: Rgb): { background: Rgb; text: Rgb } {
  const text = contrast(color, WHITE) >= contrast(color, NEAR_BLACK) ? WHITE : NEAR_BLACK;
  return { background: readableOn(color, [text], AA_TEXT), text };
}

/** The header bar: the page's colours, the primary colour (`bold`), near-black (`contrast`) or the customization's own. */
function header(settings: LayoutSettings, mode: Mode, page: { bg: Rgb; text: Rgb; primary: { background: Rgb; text: Rgb } }): Record<string, string> {
  const preset = settings.theme === "bold" && settings.header.preset === "default" ? "bold" : settings.header.preset;
  let background = page.bg;
  let foreground = page.text;
  if (preset === "bold") ({ background, text: foreground } = page.primary);
  if (preset === "contrast") [background, foreground] = [fromOklch({ l: mode === "light" ? 0.22 : 0.12, c: 0, h: 0 }), WHITE];
  if (preset === "custom" && settings.header.backgroundColor) {
    background = parseHex(settings.header.backgroundColor[mode])!;
    const link = settings.header.linkColor ? parseHex(settings.header.linkColor[mode])! : undefined;
    foreground = link ?? (contrast(background, WHITE) >= contrast(background, NEAR_BLACK) ? WHITE : NEAR_BLACK);
  }
  if (background === page.bg) return { "header-bg": "var(--bg)", "header-text": "var(--text)", "header-border": "var(--border)", "header-control": "var(--bg-subtle)", "header-control-border": "var(--border)" };
  const control = mix(background, foreground, 0.12);
  return {
    "header-bg": toHex(background),
    "header-text": toHex(readableOn(foreground, [background, control], AA_TEXT)),
    "header-border": toHex(background),
    "header-control": toHex(control),
    "header-control-border": toHex(mix(background, foreground, 0.35)),
  };
}
