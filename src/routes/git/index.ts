import { deleteLegacyInstallation, readGitInfo, requestExport, requestImport } from "../../domain/git-sync/requests";
import { ExportToGitRepository, GitSyncState, ImportGitRepository } from "../../schemas/git-sync";
import { SpaceParams } from "../params";
import { createRouter, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "../shared";

/**
 * Git sync of a space with any smart-HTTP Git server (seed 4.18): import and export are queued
 * jobs (domain/git-sync), whose state and last error `getSpaceGitInfo` shows.
 */
const TAGS = ["spaces"];
const PERMISSION = { content: "triggerGitSync", on: "space", note: "Import needs the space's content to be editable (not locked)." } as const;

export const gitRoutes = createRouter()
  .openapi(
    userRoute({
      method: "post",
      path: "/spaces/{spaceId}/git/import",
      operationId: "importGitRepository",
      permission: PERMISSION,
      summary: "Import a Git repository's content into the space (queued)",
      description:
        "Queues a job that fetches `ref` from `url` (shallow) and makes its content, in GitBook's repository format, the space's new content (or, with `standalone`, a revision of its own). Credentials in the URL are used for this job only. The job's state and error are in `GET .../git/info` (`operation`).",
      tags: TAGS,
      request: { params: SpaceParams, body: jsonBody(ImportGitRepository) },
      responses: { 204: noContent("Operation to import the repository has been queued."), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      await requestImport(c.get("callerContext"), c.req.valid("param").spaceId, c.req.valid("json"));
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/spaces/{spaceId}/git/export",
      operationId: "exportToGitRepository",
      permission: { content: "triggerGitSync", on: "space" },
      summary: "Export the space's content to a Git repository (queued)",
      description:
        "Queues a job that writes the space's live content in GitBook's repository format, commits it with `commitMessage` on `ref` (creating the branch when absent) and pushes. A branch with commits the space has not imported is refused unless `force`. The job's state and error are in `GET .../git/info`.",
      tags: TAGS,
      request: { params: SpaceParams, body: jsonBody(ExportToGitRepository) },
      responses: { 204: noContent("Operation to export the space has been queued."), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      await requestExport(c.get("callerContext"), c.req.valid("param").spaceId, c.req.valid("json"));
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/spaces/{spaceId}/git/info",
      operationId: "getSpaceGitInfo",
      permission: { content: "view", on: "space" },
      summary: "The space's Git sync: repository, provider, last sync and the last operation's state",
      tags: TAGS,
      request: { params: SpaceParams },
      responses: { 200: jsonResponse(GitSyncState, "The space's Git sync state"), ...errorResponses(404) },
    }),
    async (c) => c.json(await readGitInfo(requesterOf(c), c.req.valid("param").spaceId), 200),
  )
  .openapi(
    userRoute({
      method: "delete",
      path: "/spaces/{spaceId}/git/legacy-installation",
      operationId: "deleteLegacyGitInstallation",
      permission: { content: "triggerGitSync", on: "space" },
      summary: "Remove the space's legacy Git installation (there never is one here: 204)",
      tags: TAGS,
      request: { params: SpaceParams },
      responses: { 204: noContent("The legacy installation was already removed."), ...errorResponses(403, 404) },
    }),
    async (c) => {
      await deleteLegacyInstallation(c.get("callerContext"), c.req.valid("param").spaceId);
      return c.body(null, 204);
    },
  );
