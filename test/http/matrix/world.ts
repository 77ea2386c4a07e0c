import { ROLES, type Role } from "../../../src/lib/roles";
import { EXAMPLE_CERTIFICATE, EXAMPLE_IDS, EXAMPLE_SPEC_SLUG } from "../../../src/schemas/examples";
import { IDP_CERTIFICATE } from "../../helpers/certificate";
import { createChangeRequest, createSpace, editContent, mergeChangeRequest } from "../../helpers/content";
import { addMember, createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { createRepo } from "../../helpers/git-repos";
import { syncNow } from "../../helpers/git-sync";
import { call } from "../../helpers/http";
import { PETSTORE_31_JSON, runQueuedSpecJobs, specCall, uniqueSlug } from "../../helpers/openapi";
import { runTranslationJobs, takeRunJobs, translationCall } from "../../helpers/translations";
import { allIssues, conversation, ingestAndAnalyse } from "../../helpers/conversations";
import { beforeAll } from "vitest";
import { concretePath, loadOperations, pathIds, type Operation } from "./operations";

/**
 * The organization every matrix call happens in: its owner makes the objects, and one member of
 * each role (a guest first, then read up to admin) makes the calls under test. Each operation gets
 * objects of its own (`idsFor`), so what one operation changes never disturbs another.
 */

export const LADDER = ["guest", "read", "comment", "edit", "review", "create", "admin"] as const;
export type Rung = (typeof LADDER)[number];

export interface World {
  owner: TestUser;
  organizationId: string;
  /** Another organization where every actor is an admin: where transfers go. */
  targetOrganizationId: string;
  actors: Record<Rung, TestUser>;
  /**
   * Content the read operations share: a space with a merged page and file, a change request with
   * both, a review, and the merge's revision (which has the page and the file).
   */
  shared: Record<
    "spaceId" | "changeRequestId" | "pageId" | "fileId" | "changeRequestPageId" | "changeRequestFileId" | "reviewId" | "revisionId" | "pagePath" | "documentId",
    string
  >;
  /**
   * Who the grants walk (grants.test.ts) calls as: a guest given the role a route needs on its
   * object, a guest given one role less, a `read` member of a team given it, and a guest whose
   * grant was taken back. They may
   * read the shared content through grants made once, here (the walk grants fresh objects itself).
   */
  grantees: { guest: TestUser; below: TestUser; teamMember: TestUser; revoked: TestUser; teamId: string };
  /** A space imported from Git with a reusable content (only Git sync makes them): made on first use. */
  reusableContent?: Promise<Record<"spaceId" | "revisionId" | "changeRequestId" | "reusableContentId", string>>;
}

const PAGE_AND_FILE = [
  { operation: "insert_page", title: "Matrix page", document: { markdown: "Hello\n" } },
  { operation: "insert_files", files: [{ name: "matrix.txt", contentType: "text/plain", base64: btoa("matrix") }] },
];

/** What a matrix test file works with: the document's operations, the GET paths, and a world of its own. */
export interface Matrix {
  world: World;
  operations: Operation[];
  readable: Set<string>;
}

/** The file's matrix, built before its tests (filled in by then; read it inside them). */
export function useMatrix(): Matrix {
  const matrix = {} as Matrix;
  beforeAll(async () => {
    Object.assign(matrix, await loadOperations());
    matrix.world = await buildWorld();
  }, 60_000);
  return matrix;
}

export async function buildWorld(): Promise<World> {
  const owner = await createUser("matrix-owner");
  const organizationId = (await createOrganization(owner)).id;
  const targetOrganizationId = (await createOrganization(owner)).id;
  const actors = {} as Record<Rung, TestUser>;
  await Promise.all(
    LADDER.map(async (rung) => {
      actors[rung] = await createUser(`matrix-${rung}`);
      await addMember(owner, organizationId, actors[rung], rung === "guest" ? null : rung);
      await addMember(owner, targetOrganizationId, actors[rung], "admin");
    }),
  );
  const space = await createSpace(owner, organizationId);
  const merged = await createChangeRequest(owner, space.id);
  const mergedContent = await editContent(owner, space.id, merged.id, PAGE_AND_FILE);
  const mergeRevision = (await mergeChangeRequest(owner, space.id, merged.id)).revision;
  const open = await createChangeRequest(owner, space.id);
  const openContent = await editContent(owner, space.id, open.id, PAGE_AND_FILE);
  const review = await call("POST", `/v1/spaces/${space.id}/change-requests/${open.id}/reviews`, { token: actors.review.token, body: { status: "approved" } });
  const page = await call("GET", `/v1/spaces/${space.id}/content/page/${createdPageId(mergedContent)}`, { token: owner.token });
  const grantees = await granteesOf(owner, organizationId, targetOrganizationId, space.id);
  return {
    owner,
    organizationId,
    targetOrganizationId,
    actors,
    grantees,
    shared: {
      spaceId: space.id,
      changeRequestId: open.id,
      pageId: createdPageId(mergedContent),
      fileId: mergedContent.insertedFiles[0]!.id,
      changeRequestPageId: createdPageId(openContent),
      changeRequestFileId: openContent.insertedFiles[0]!.id,
      reviewId: review.body.id,
      revisionId: mergeRevision,
      // The merged page's path and body: in the space, its change request and the merge revision.
      pagePath: page.body.path,
      documentId: page.body.documentId,
    },
  };
}

/** The grants walk's callers (World.grantees), each given `read` on the shared space, the revoked one's taken back. */
async function granteesOf(owner: TestUser, organizationId: string, targetOrganizationId: string, sharedSpaceId: string): Promise<World["grantees"]> {
  const [guest, below, teamMember, revoked] = await Promise.all(["granted-guest", "below-guest", "team-member", "revoked-guest"].map((label) => createUser(`matrix-${label}`)));
  await Promise.all([
    ...[guest!, below!, revoked!].map((user) => addMember(owner, organizationId, user, null)),
    addMember(owner, organizationId, teamMember!, "read"),
    // Transfers go to an organization the caller administers, as for the ladder's actors.
    ...[guest!, below!, teamMember!, revoked!].map((user) => addMember(owner, targetOrganizationId, user, "admin")),
  ]);
  const team = await call("PUT", `/v1/orgs/${organizationId}/teams`, { token: owner.token, body: { title: "Matrix grantees", members: [teamMember!.id] } });
  const grantees = { guest: guest!, below: below!, teamMember: teamMember!, revoked: revoked!, teamId: team.body.id as string };
  await grantOnPath(owner, `/v1/spaces/${sharedSpaceId}/permissions`, grantees, "read");
  return grantees;
}

/**
 * Gives `role` on the content whose permissions are at `permissionsPath` to the grantee guest and
 * to the grantees' team, the role below it (none below `read`) to the guest given less, and
 * gives it to the revoked guest only to take it back.
 */
export async function grantOnPath(owner: TestUser, permissionsPath: string, grantees: World["grantees"], role: Role): Promise<void> {
  const send = async (method: string, path: string, body?: unknown, expected = 204) => {
    const response = await call(method, path, { token: owner.token, body });
    if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  };
  await send("POST", permissionsPath, { role, users: [grantees.guest.id, grantees.revoked.id], teams: [grantees.teamId] });
  const below = ROLES[ROLES.indexOf(role) - 1];
  if (below) await send("POST", permissionsPath, { role: below, users: [grantees.below.id] });
  await send("DELETE", `${permissionsPath}/users/${grantees.revoked.id}`, undefined, 205);
}

const createdPageId = (result: Awaited<ReturnType<typeof editContent>>) => result.changes.find((change) => change.object === "created_page")!.page.id as string;

/** Real ids for every id in the operation's path: fresh objects, except for reads of shared content. */
export async function idsFor(world: World, operation: Operation): Promise<Record<string, string>> {
  const names = pathIds(operation.path);
  const { owner, organizationId } = world;
  const as = (method: string, path: string, body?: unknown) => call(method, path, { token: owner.token, body });
  if (names.includes("reusableContentId")) return (world.reusableContent ??= spaceWithReusableContent(world));
  const readsShared = ["pageId", "fileId", "reviewId", "revisionId", "pagePath", "documentId"].some((name) => names.includes(name));
  if (readsShared) {
    const inChangeRequest = names.includes("changeRequestId");
    return {
      spaceId: world.shared.spaceId,
      changeRequestId: world.shared.changeRequestId,
      pageId: inChangeRequest ? world.shared.changeRequestPageId : world.shared.pageId,
      fileId: inChangeRequest ? world.shared.changeRequestFileId : world.shared.fileId,
      reviewId: world.shared.reviewId,
      revisionId: world.shared.revisionId,
      pagePath: world.shared.pagePath,
      documentId: world.shared.documentId,
    };
  }
  const ids: Record<string, string> = { organizationId };
  if (names.includes("spaceId")) {
    ids.spaceId = (await createSpace(owner, organizationId)).id;
    if (operation.operationId === "restoreSpace") await as("DELETE", `/v1/spaces/${ids.spaceId}`);
  }
  if (names.includes("changeRequestId")) {
    ids.changeRequestId = (await createChangeRequest(owner, ids.spaceId!)).id;
    await editContent(owner, ids.spaceId!, ids.changeRequestId, PAGE_AND_FILE.slice(0, 1));
  }
  if (names.includes("commentId")) {
    const place = names.includes("changeRequestId") ? `/v1/spaces/${ids.spaceId}/change-requests/${ids.changeRequestId}` : `/v1/spaces/${ids.spaceId}`;
    ids.commentId = (await as("POST", `${place}/comments`, { body: { markdown: "Matrix comment" } })).body.id;
    if (names.includes("commentReplyId")) ids.commentReplyId = (await as("POST", `${place}/comments/${ids.commentId}/replies`, { body: { markdown: "Matrix reply" } })).body.id;
  }
  if (names.includes("collectionId")) ids.collectionId = (await as("POST", `/v1/orgs/${organizationId}/collections`, { title: "Matrix" })).body.id;
  if (names.includes("teamId")) ids.teamId = (await as("PUT", `/v1/orgs/${organizationId}/teams`, { title: `Matrix ${Math.random()}` })).body.id;
  if (names.includes("inviteId")) ids.inviteId = operation.path.includes("/email-invites/") ? await pendingInvitation(world) : (await as("POST", `/v1/orgs/${organizationId}/link-invites`, { role: "read" })).body.id;
  if (names.includes("samlProviderId")) ids.samlProviderId = (await as("POST", `/v1/orgs/${organizationId}/saml`, samlProvider())).body.id;
  if (names.includes("siteId")) {
    const space = await createSpace(owner, organizationId);
    ids.siteId = (await as("POST", `/v1/orgs/${organizationId}/sites`, { title: "Matrix site", spaces: [space.id] })).body.id;
    const published = await as("GET", `/v1/orgs/${organizationId}/sites/${ids.siteId}/published`);
    ids.siteSpaceId = published.body.structure.structure[0].id;
    if (names.includes("shareLinkId")) ids.shareLinkId = (await as("POST", `/v1/orgs/${organizationId}/sites/${ids.siteId}/share-links`, { name: "Matrix" })).body.id;
  }
  if (names.includes("userId")) ids.userId = (await newMember(world, "read")).id;
  if (names.includes("specSlug")) Object.assign(ids, await processedSpec(world));
  if (names.includes("translationId")) ids.translationId = await settledTranslation(world);
  if (names.includes("conversationId") || names.includes("issueId") || names.includes("clusterId")) Object.assign(ids, await analysedConversation(world));
  if (names.includes("siteId")) Object.assign(ids, await siteStructureIdsFor(world, ids.siteId!, names, operation.path));
  await grantForPrincipalRoute(world, operation.path, ids);
  return ids;
}

/** A route about one principal's grant (`…/permissions/users/{userId}`, `…/teams/{teamId}`) needs that grant to exist. */
async function grantForPrincipalRoute(world: World, path: string, ids: Record<string, string>): Promise<void> {
  const principal = path.match(/\/permissions\/(users|teams)\/\{(userId|teamId)\}$/);
  if (!principal) return;
  const base = concretePath(path.slice(0, path.indexOf("/permissions") + "/permissions".length), ids);
  const granted = await call("POST", base, { token: world.owner.token, body: { role: "read", [principal[1]!]: [ids[principal[2]!]] } });
  if (granted.status !== 204) throw new Error(`grant for ${path}: ${granted.status} ${JSON.stringify(granted.body)}`);
}

/**
 * In the operation's own site, the structure its path names: a section (with a site space), a
 * site space (that section's), a section group; and an adaptive schema for its routes.
 */
async function siteStructureIdsFor(world: World, siteId: string, names: string[], path: string): Promise<Record<string, string>> {
  const { owner, organizationId } = world;
  const ids: Record<string, string> = {};
  const base = `/v1/orgs/${organizationId}/sites/${siteId}`;
  if (names.includes("siteSectionId") || names.includes("siteSpaceId")) {
    const space = await createSpace(owner, organizationId);
    const section = await call("POST", `${base}/sections`, { token: owner.token, body: { spaceId: space.id } });
    ids.siteSectionId = section.body.id;
    ids.siteSpaceId = section.body.siteSpaces[0].id;
  }
  if (names.includes("siteSectionGroupId")) {
    const group = await call("POST", `${base}/section-groups`, { token: owner.token, body: { title: "Matrix group", sections: ids.siteSectionId ? [ids.siteSectionId] : [] } });
    ids.siteSectionGroupId = group.body.id;
  }
  if (names.includes("siteRedirectId") || path.endsWith("/redirect")) {
    // The redirect the by-source lookup's example (`source=/old-page`) finds.
    const body = { source: "/old-page", destination: { kind: "external", url: "https://example.com/new-page" } };
    ids.siteRedirectId = (await call("POST", `${base}/redirects`, { token: owner.token, body })).body.id;
  }
  if (path.includes("/adaptive-schema")) {
    const jsonSchema = { type: "object", properties: { beta: { type: "boolean", description: "Beta" } }, additionalProperties: false };
    await call("PUT", `${base}/adaptive-schema`, { token: owner.token, body: { jsonSchema } });
  }
  return ids;
}

/** A space whose content, imported from the test Git server, has a reusable content; its revision and a change request. */
async function spaceWithReusableContent(world: World) {
  const repo = await createRepo("matrix-reusable", { "README.md": '# Home\n\n{% include ".gitbook/includes/block.md" %}\n', ".gitbook/includes/block.md": "---\ntitle: Block\n---\n\nShared.\n" });
  const space = await createSpace(world.owner, world.organizationId);
  await syncNow(world.owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main" });
  const revision = (await call("GET", `/v1/spaces/${space.id}/content`, { token: world.owner.token })).body;
  const changeRequest = await createChangeRequest(world.owner, space.id);
  // Shared by every route that reads a reusable content: the grants walk's grants on it are made once.
  await grantOnPath(world.owner, `/v1/spaces/${space.id}/permissions`, world.grantees, "read");
  return { spaceId: space.id, revisionId: revision.id, changeRequestId: changeRequest.id, reusableContentId: revision.reusableContents[0].id };
}

/**
 * An OpenAPI spec with one version. Its job is run here, at once, so that the queue's own delivery
 * later finds it done (a redelivery changes nothing) and no snapshot sees it change.
 */
async function processedSpec(world: World): Promise<{ specSlug: string; versionId: string }> {
  const specSlug = uniqueSlug("matrix");
  await specCall("POST", `/v1/orgs/${world.organizationId}/openapi`, { token: world.owner.token, body: { slug: specSlug, source: { text: PETSTORE_31_JSON } } });
  await runQueuedSpecJobs();
  const spec = await call("GET", `/v1/orgs/${world.organizationId}/openapi/${specSlug}`, { token: world.owner.token });
  return { specSlug, versionId: spec.body.lastVersion };
}

/**
 * A translation of the shared space whose first run already ended (without a translator: the
 * pool configures none), so no snapshot sees its status change when the queue delivers it.
 */
async function settledTranslation(world: World): Promise<string> {
  takeRunJobs();
  const body = { source: { space: world.shared.spaceId, language: "en" }, language: "fr" };
  const created = await translationCall("POST", `/v1/orgs/${world.organizationId}/translations`, { token: world.owner.token, body });
  await runTranslationJobs(takeRunJobs());
  return created.body.id;
}

/** A support conversation, analysed at once into an issue and a cluster. */
async function analysedConversation(world: World): Promise<{ conversationId: string; issueId: string; clusterId: string }> {
  const [job] = await ingestAndAnalyse(world.owner.token, world.organizationId, conversation("Where do I find my API key?"));
  const [item] = await allIssues(world.owner.token, world.organizationId, `&conversation=${job!.conversationId}`);
  return { conversationId: job!.conversationId, issueId: item!.issue.id, clusterId: item!.issue.cluster };
}

/** A pending invitation by email (of an address no user has), for the routes of one. */
async function pendingInvitation(world: World): Promise<string> {
  const email = uniqueAddress();
  const path = `/v1/orgs/${world.organizationId}/invites`;
  await call("POST", path, { token: world.owner.token, body: { emails: [email] } });
  const pending = await call("GET", `/v1/orgs/${world.organizationId}/email-invites?limit=1000`, { token: world.owner.token });
  return pending.body.items.find((invitation: { email: string }) => invitation.email === email).id;
}

const uniqueAddress = () => `matrix-${Math.random().toString(36).slice(2)}@invited.example`;

async function newMember(world: World, role: "read" | "review"): Promise<TestUser> {
  const member = await createUser(`matrix-member-${role}`);
  await addMember(world.owner, world.organizationId, member, role);
  return member;
}

const samlProvider = () => ({ label: "IdP", entityID: `https://idp.example.com/${Math.random()}`, certificate: IDP_CERTIFICATE, ssoURL: "https://idp.example.com/sso" });

/** The operation's example body with its placeholders replaced by real objects of their kind. */
export async function bodyFor(world: World, operation: Operation): Promise<unknown> {
  if (operation.example === undefined) return operation.method === "get" || operation.method === "delete" ? undefined : {};
  let text = JSON.stringify(operation.example);
  if (text.includes(EXAMPLE_IDS.user)) text = text.replaceAll(EXAMPLE_IDS.user, (await newMember(world, "review")).id);
  text = text.replaceAll(EXAMPLE_IDS.space, world.shared.spaceId);
  // Invited addresses of the example: fresh ones, so no user created later joins the matrix's organization.
  if (operation.operationId === "inviteUsersToOrganization") text = text.replace(/[\w.-]+@example\.com/g, uniqueAddress);
  if (text.includes(EXAMPLE_SPEC_SLUG)) text = text.replaceAll(EXAMPLE_SPEC_SLUG, (await processedSpec(world)).specSlug);
  text = text.replaceAll(EXAMPLE_IDS.organization, world.targetOrganizationId).replaceAll(JSON.stringify(EXAMPLE_CERTIFICATE), JSON.stringify(IDP_CERTIFICATE));
  const body = JSON.parse(text);
  // Entity ids the example names must be unique in the organization (a SAML provider's entityID).
  if (operation.operationId === "createOrganizationSAMLProvider") body.entityID = `${body.entityID}/${Math.random()}`;
  return body;
}

/**
 * What the owner (or the operator, on its routes) reads of everything an operation could change: every GET route at the
 * operation's path or a prefix of it (the object, its list, its parents). What changes with no
 * write is left out: members' `lastSeenAt` (it moves with every request anyone makes) and files'
 * `downloadURL` (signed anew for every five-minute window).
 */
const VOLATILE_FIELDS = new Set(["lastSeenAt", "downloadURL"]);

/** A PDF export's URL is signed anew on every request: its file (the path) is what must not change. */
const withoutSignature = (value: unknown) => (typeof value === "string" && /^https?:\/\/[^/]+\/pdfs\//.test(value) ? value.split("?")[0] : value);

export async function snapshot(world: World, operation: Operation, ids: Record<string, string>, readable: Set<string>, token = world.owner.token): Promise<unknown[]> {
  const segments = operation.path.split("/");
  const paths = segments.map((_, index) => segments.slice(0, index + 1).join("/")).filter((path) => readable.has(path));
  const bodies = await Promise.all(paths.map(async (path) => (await call("GET", concretePath(path, ids), { token })).body));
  return JSON.parse(JSON.stringify(bodies, (key, value) => (VOLATILE_FIELDS.has(key) ? undefined : withoutSignature(value))));
}
