import { projectPrefixOf } from "./config";

/**
 * Whether a path of the repository is one the format maps, so an export's tree replaces it (a
 * page deleted in the space deletes its file): inside the project directory, `.gitbook.yaml`,
 * markdown files outside dot-folders and `node_modules/`, `.gitbook/assets/` folders, and the
 * markdown files of `.gitbook/includes/` folders (reusable contents). Other files (a LICENSE,
 * `.github/` workflows and templates, code) are not the space's: an export keeps them as they
 * are on the branch.
 */
export function ownedByFormat(path: string, projectDirectory?: string): boolean {
  const prefix = projectPrefixOf(projectDirectory);
  if (!path.startsWith(prefix)) return false;
  const segments = path.slice(prefix.length).split("/");
  if (segments.length === 1 && segments[0] === ".gitbook.yaml") return true;
  const folders = segments.slice(0, -1);
  const markdown = /\.md$/i.test(segments.at(-1)!);
  // Everything under `.gitbook/assets/`; the markdown files (reusable contents) under `.gitbook/includes/`.
  const gitbook = folders.findIndex((folder, index) => folder === ".gitbook" && (folders[index + 1] === "assets" || (markdown && folders[index + 1] === "includes")));
  if (gitbook !== -1 && !folders.slice(0, gitbook).some(hidesPages)) return true;
  return markdown && !folders.some(hidesPages);
}

const hidesPages = (folder: string) => folder.startsWith(".") || folder === "node_modules";
