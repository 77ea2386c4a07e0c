/**
 * The mapping between a space's content and GitBook's repository format (README.md, SUMMARY.md,
 * one markdown file per page, `.gitbook.yaml`, `.gitbook/assets/`, `.gitbook/includes/`), both
 * directions. Pure: no
 * network, no Git; the sync (src/domain/git-sync) fetches and pushes the trees these functions
 * read and write. See docs/decisions.md, "Git sync format".
 */
export { GitFormatError } from "./errors";
export { readRepository, type ImportedContent, type ReadRepositoryInput, type RepoFile } from "./read";
export { writeRepository, type WriteRepositoryInput } from "./write";
export { ownedByFormat } from "./owned";
