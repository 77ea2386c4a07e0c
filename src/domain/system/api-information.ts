import { version } from "../../../package.json";

/**
 * What `getApiInformation` reports (GitBook: "the release version and build date"): this
 * deployment's release, package.json's `version`, bundled at build time; and when it was built
 * into the running Worker version, the upload time Cloudflare gives that version (the
 * `version_metadata` binding of wrangler.toml). Under `wrangler dev` and the tests the binding
 * gives the time the local runtime started. docs/decisions.md, "The API's release".
 */
export function apiInformation(versionMetadata: Pick<WorkerVersionMetadata, "timestamp">) {
  return { version, build: new Date(versionMetadata.timestamp).toISOString() };
}
