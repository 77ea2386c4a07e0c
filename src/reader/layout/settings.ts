import { DEFAULT_CUSTOMIZATION, overlaySettings, type Settings } from "../../domain/sites/customization-settings";
import type { Themed } from "../model";
import type { CodeThemeSetting } from "./theme/code-themes";

/**
 * The customization as the layout uses it: GitBook's SiteCustomizationSettings (an open record,
 * validated against GitBook's schema when written) read into typed values, every key that is
 * missing or of an unexpected shape taken from DEFAULT_CUSTOMIZATION, so a site customized before
 * a key existed still renders.
 */
export interface LayoutSettings {
  locale: string;
  theme: "clean" | "muted" | "bold" | "gradient";
  primaryColor: Themed<string>;
  tintColor?: Themed<string>;
  infoColor: Themed<string>;
  successColor: Themed<string>;
  warningColor: Themed<string>;
  dangerColor: Themed<string>;
  corners: "straight" | "rounded" | "circular";
  depth: "subtle" | "flat";
  links: "default" | "accent";
  font: FontSetting;
  headingFont?: FontSetting;
  monospaceFont: FontSetting;
  codeTheme: CodeThemeSetting;
  sidebarBackground: "default" | "filled";
  sidebarList: "default" | "pill" | "line";
  searchStyle: "prominent" | "subtle";
  themeDefault: "light" | "dark" | "system";
  themeToggeable: boolean;
  header: { preset: "default" | "bold" | "contrast" | "custom" | "none"; backgroundColor?: Themed<string>; linkColor?: Themed<string> };
  announcement?: { message: string; style: "info" | "warning" | "danger" | "success" };
  externalLinksInNewTab: boolean;
  pagination: boolean;
  markdownAction: boolean;
  privacyPolicyUrl?: string;
}

/** A GitBook font name (`Inter`) or a custom font's family name; never fetched, only named. */
export type FontSetting = { preset: string } | { family: string };

const isObject = (value: unknown): value is Settings => typeof value === "object" && value !== null && !Array.isArray(value);
const HEX = /^#(?:[0-9a-f]{3}){1,2}$/i;

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function themed(value: unknown): Themed<string> | undefined {
  if (!isObject(value) || typeof value.light !== "string" || typeof value.dark !== "string") return undefined;
  return HEX.test(value.light) && HEX.test(value.dark) ? { light: value.light, dark: value.dark } : undefined;
}

function font(value: unknown): FontSetting | undefined {
  if (typeof value === "string" && value !== "") return { preset: value };
  if (isObject(value) && typeof value.fontFamily === "string" && value.fontFamily !== "") return { family: value.fontFamily };
  return undefined;
}

const section = (settings: Settings, key: string): Settings => (isObject(settings[key]) ? settings[key] : {});

const DEFAULT_CODE_THEME = { light: "default-light", dark: "default-dark" };
const CODE_THEME_NAME = /^[a-z0-9-]{1,64}$/;

/** A `{light, dark}` pair of code theme names (GitBook's names: lower case words and dashes), each missing or malformed one the default's. */
function codeThemePair(value: unknown, fallback: Themed<string>): Themed<string> {
  const pair = isObject(value) ? value : {};
  const name = (mode: "light" | "dark") => (typeof pair[mode] === "string" && CODE_THEME_NAME.test(pair[mode]) ? pair[mode] : fallback[mode]);
  return { light: name("light"), dark: name("dark") };
}

export function layoutSettings(customization: Record<string, unknown>): LayoutSettings {
  const settings = overlaySettings(DEFAULT_CUSTOMIZATION, isObject(customization) ? customization : {});
  const defaults = section(DEFAULT_CUSTOMIZATION, "styling");
  const styling = section(settings, "styling");
  const color = (key: string) => themed(styling[key]) ?? themed(defaults[key])!;
  const header = section(settings, "header");
  const themes = section(settings, "themes");
  const pageActions = section(settings, "pageActions");
  const announcement = section(settings, "announcement");
  const sidebar = section(styling, "sidebar");
  const items = Array.isArray(pageActions.items) ? pageActions.items : [];
  return {
    locale: typeof section(settings, "internationalization").locale === "string" ? (section(settings, "internationalization").locale as string) : "en",
    theme: pick(styling.theme, ["clean", "muted", "bold", "gradient"], "clean"),
    primaryColor: color("primaryColor"),
    tintColor: themed(section(styling, "tint").color),
    infoColor: color("infoColor"),
    successColor: color("successColor"),
    warningColor: color("warningColor"),
    dangerColor: color("dangerColor"),
    corners: pick(styling.corners, ["straight", "rounded", "circular"], "rounded"),
    depth: pick(styling.depth, ["subtle", "flat"], "subtle"),
    links: pick(styling.links, ["default", "accent"], "default"),
    font: font(styling.font) ?? { preset: "Inter" },
    headingFont: font(styling.headingFont),
    monospaceFont: font(styling.monospaceFont) ?? { preset: "IBMPlexMono" },
    codeTheme: {
      default: codeThemePair(section(styling, "codeTheme").default, DEFAULT_CODE_THEME),
      openapi: codeThemePair(section(styling, "codeTheme").openapi, DEFAULT_CODE_THEME),
    },
    sidebarBackground: pick(sidebar.background, ["default", "filled"], "default"),
    sidebarList: pick(sidebar.list, ["default", "pill", "line"], "default"),
    searchStyle: pick(styling.search, ["prominent", "subtle"], "prominent"),
    themeDefault: pick(themes.default, ["light", "dark", "system"], "light"),
    themeToggeable: themes.toggeable !== false,
    header: {
      preset: pick(header.preset, ["default", "bold", "contrast", "custom", "none"], "default"),
      backgroundColor: themed(header.backgroundColor),
      linkColor: themed(header.linkColor),
    },
    announcement:
      announcement.enabled === true && typeof announcement.message === "string" && announcement.message !== ""
        ? { message: announcement.message, style: pick(announcement.style, ["info", "warning", "danger", "success"], "info") }
        : undefined,
    externalLinksInNewTab: section(settings, "externalLinks").target === "blank",
    pagination: section(settings, "pagination").enabled !== false,
    // GitBook's current form lists the actions (`items`); the seed's older switch can still turn it off.
    markdownAction: items.includes("markdown") && pageActions.markdown !== false,
    privacyPolicyUrl: typeof section(settings, "privacyPolicy").url === "string" ? (section(settings, "privacyPolicy").url as string) : undefined,
  };
}
