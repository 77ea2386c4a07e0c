import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { GitFormatError } from "./errors";
import { directoryPrefix, normalizePath } from "./paths";

/**
 * Where a space's files are in the repository (GitBook's `.gitbook.yaml`): the project directory
 * (a Git Sync setting) holds the optional `.gitbook.yaml`; its `root` is relative to the project
 * directory, and `structure.readme` / `structure.summary` are relative to the root.
 */
export interface RepositoryLayout {
  /** The project directory, as a prefix from the repository root ('' or 'sub/dir/'). */
  projectPrefix: string;
  /** The docs root, relative to the project directory ('' or 'docs/'). */
  root: string;
  /** The first page's file, relative to the project directory. */
  readme: string;
  /** The table of contents' file, relative to the project directory. */
  summary: string;
}

export const CONFIG_FILE = ".gitbook.yaml";
const DEFAULT_README = "README.md";
const DEFAULT_SUMMARY = "SUMMARY.md";

export function projectPrefixOf(projectDirectory: string | undefined): string {
  const prefix = directoryPrefix(projectDirectory);
  if (prefix === null) throw new GitFormatError(`The project directory '${projectDirectory}' climbs above the repository root`);
  return prefix;
}

/** The layout `.gitbook.yaml` (bytes, or undefined when the project directory has none) describes. */
export function readLayout(projectPrefix: string, config: Uint8Array | undefined): RepositoryLayout {
  const file = `${projectPrefix}${CONFIG_FILE}`;
  const settings = config === undefined ? {} : parseConfig(file, new TextDecoder().decode(config));
  const root = directoryPrefix(stringSetting(file, settings, "root"));
  if (root === null) throw new GitFormatError(`${file}: 'root' climbs above the project directory`);
  const structure = settings.structure ?? {};
  if (!isRecord(structure)) throw new GitFormatError(`${file}: 'structure' must be a mapping`);
  const inRoot = (key: "readme" | "summary", fallback: string) => {
    const path = normalizePath(`${root}${stringSetting(file, structure, key, `structure.${key}`) ?? fallback}`);
    if (path === null || path === "") throw new GitFormatError(`${file}: 'structure.${key}' must name a file inside the project directory`);
    return path;
  };
  return { projectPrefix, root, readme: inRoot("readme", DEFAULT_README), summary: inRoot("summary", DEFAULT_SUMMARY) };
}

/** The `.gitbook.yaml` the exporter writes for a layout, or undefined when the defaults describe it. */
export function writeLayout(layout: Omit<RepositoryLayout, "projectPrefix">): string | undefined {
  const readme = layout.readme.slice(layout.root.length);
  const summary = layout.summary.slice(layout.root.length);
  if (layout.root === "" && readme === DEFAULT_README && summary === DEFAULT_SUMMARY) return undefined;
  return stringifyYaml({ root: `./${layout.root}`, structure: { readme, summary } }, { lineWidth: 0 });
}

function parseConfig(file: string, text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (error) {
    throw new GitFormatError(`${file} is not valid YAML: ${error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error)}`);
  }
  if (parsed === null || parsed === undefined) return {};
  if (!isRecord(parsed)) throw new GitFormatError(`${file} must be a YAML mapping of settings`);
  return parsed;
}

function stringSetting(file: string, settings: Record<string, unknown>, key: string, name = key): string | undefined {
  const value = settings[key];
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "string") throw new GitFormatError(`${file}: '${name}' must be a path`);
  return value;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
