import type { FontSetting } from "../settings";

/**
 * GitBook's font names as CSS font stacks. No font is fetched (the reader loads nothing from
 * another origin, and a web font is the largest thing a docs page would send): the named font is
 * used when the reader's system has it, else the closest system family.
 */
const SANS = `ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif,"Apple Color Emoji","Segoe UI Emoji"`;
const SERIF = `ui-serif,Georgia,Cambria,"Times New Roman",Times,serif`;
const MONO = `ui-monospace,SFMono-Regular,Menlo,Monaco,Consolas,"Liberation Mono","Courier New",monospace`;

/** The family names a GitBook preset stands for, in the order a system may have them. */
const PRESETS: Record<string, { names: string[]; fallback: string }> = {
  ABCFavorit: { names: ["ABC Favorit"], fallback: SANS },
  Inter: { names: ["Inter", "InterVariable"], fallback: SANS },
  Roboto: { names: ["Roboto"], fallback: SANS },
  RobotoSlab: { names: ["Roboto Slab"], fallback: SERIF },
  OpenSans: { names: ["Open Sans"], fallback: SANS },
  SourceSansPro: { names: ["Source Sans 3", "Source Sans Pro"], fallback: SANS },
  Lato: { names: ["Lato"], fallback: SANS },
  Ubuntu: { names: ["Ubuntu"], fallback: SANS },
  Raleway: { names: ["Raleway"], fallback: SANS },
  Merriweather: { names: ["Merriweather"], fallback: SERIF },
  Overpass: { names: ["Overpass"], fallback: SANS },
  NotoSans: { names: ["Noto Sans"], fallback: SANS },
  IBMPlexSerif: { names: ["IBM Plex Serif"], fallback: SERIF },
  Poppins: { names: ["Poppins"], fallback: SANS },
  FiraSans: { names: ["Fira Sans"], fallback: SANS },
  FiraCode: { names: ["Fira Code"], fallback: MONO },
  IBMPlexMono: { names: ["IBM Plex Mono"], fallback: MONO },
  JetBrainsMono: { names: ["JetBrains Mono"], fallback: MONO },
  SourceCodePro: { names: ["Source Code Pro"], fallback: MONO },
  RobotoMono: { names: ["Roboto Mono"], fallback: MONO },
  SpaceMono: { names: ["Space Mono"], fallback: MONO },
  DMMono: { names: ["DM Mono"], fallback: MONO },
  Inconsolata: { names: ["Inconsolata"], fallback: MONO },
};

/** A family name as a CSS string: only letters, digits, spaces, dots and dashes survive (it ends up inside a <style>). */
const quoted = (name: string) => `"${name.replace(/[^\p{L}\p{N} .\-]/gu, "").trim().slice(0, 50)}"`;

export function fontStack(setting: FontSetting | undefined, kind: "sans" | "mono"): string {
  const fallback = kind === "mono" ? MONO : SANS;
  if (!setting) return fallback;
  if ("family" in setting) {
    const name = quoted(setting.family);
    return name === `""` ? fallback : `${name},${fallback}`;
  }
  const preset = PRESETS[setting.preset];
  if (!preset) return fallback;
  return `${preset.names.map(quoted).join(",")},${kind === "mono" ? MONO : preset.fallback}`;
}
