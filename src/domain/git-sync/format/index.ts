import type { StoredDocument } from "../../revisions/documents";
import type { Entry } from "../../revisions/entries";

/**
 * The mapping between a space's content and GitBook's repository format (README.md, SUMMARY.md,
 * one markdown file per page, `.gitbook/assets/`), both directions. Pure: no network, no Git.
 */

/** One file of a Git tree. `path` is relative to the repository root, '/'-separated, no leading '/'. */
export interface RepoFile {
  path: string;
  bytes: Uint8Array;
  /** blob oid when read from Git */
  oid?: string;
}

export interface ReadRepositoryInput {
  /** Every file of the fetched tree (the sync helper filters nothing). */
  files: ReadonlyMap<string, RepoFile>;
  /** ImportGitRepository.repoProjectDirectory ('' or undefined: the repository root). */
  projectDirectory?: string;
  /** The space's live entries before the import (readEntries of main's head), so that a page or
   *  file at the same git path keeps its id and unchanged bodies keep their document id. */
  existing: ReadonlyMap<string, Entry>;
  now: string;
}

export interface ImportedContent {
  /** The new revision's complete content: every page and file entry (ids reused where the git path matches). */
  entries: Entry[];
  /** Page bodies to store (insertDocuments); bodies already stored may be listed again. */
  documents: StoredDocument[];
  /** Asset bytes to put into R2 under `key` before the revision is written (content-addressed: putting twice is harmless). */
  blobs: Array<{ key: string; bytes: Uint8Array; contentType: string }>;
}

export interface WriteRepositoryInput {
  /** The live entries with their markdown (readEntries(..., { withMarkdown: true }) or equivalent). */
  entries: ReadonlyMap<string, Entry>;
  /** Reads a file entry's bytes from R2 by its blobKey. */
  readBlob: (blobKey: string) => Promise<Uint8Array>;
  projectDirectory?: string;
}

/** A repository the format cannot map; the message is written for the user and names the file. */
export class GitFormatError extends Error {
  override name = "GitFormatError";
}

/** Throws GitFormatError (message written for the user, naming the file) for a repository it cannot map. */
export async function readRepository(_input: ReadRepositoryInput): Promise<ImportedContent> {
  throw new Error("not yet");
}

/** The project directory's complete tree as the exporter writes it: path (from the repo root) → bytes. Deterministic. */
export async function writeRepository(_input: WriteRepositoryInput): Promise<Map<string, Uint8Array>> {
  throw new Error("not yet");
}
