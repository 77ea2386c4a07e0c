import { and, asc, eq, sql } from "drizzle-orm";
import type { CallerContext, RequestContext, RequesterContext } from "../../context";
import { organizations, samlProviders, teams, type SamlProviderRow, type TeamRow } from "../../db/schema";
import { selectedOnce } from "../../db/list-select";
import { pageReads, sortedBy } from "../../db/keyset";
import { badRequest, notFound } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { assertOrganizationAction, type Membership } from "../../lib/permissions";
import type { Urls } from "../../lib/urls";
import type { CreateSAMLProviderInput, SAMLProviderObject, UpdateSAMLProviderInput } from "../../schemas/saml";
import { loadOrganizationAccess, loadOrganizationAccessWith, organizationNotFound } from "../organizations/access";
import { presentTeam, teamSpacesColumn } from "../teams/access";
import { parseCertificatePem } from "./certificate";
import type { Database } from "../../db/client";

interface ProviderWithTeam {
  provider: SamlProviderRow;
  team: TeamRow | null;
  /** The default team's `spaces`. */
  spaces: number;
}

/**
 * The default team's columns, aliased: batched D1 rows are keyed by column name, and the team's
 * id, organization_id and created_at would collide with the provider's.
 */
const defaultTeamColumns = {
  title: sql<string | null>`${teams.title}`.as("default_team_title"),
  members: sql<number | null>`${teams.members}`.as("default_team_members"),
  createdAt: sql<string | null>`${teams.createdAt}`.as("default_team_created_at"),
  spaces: teamSpacesColumn(),
};

type ProviderRow = { provider: SamlProviderRow; defaultTeam: { title: string | null; members: number | null; createdAt: string | null; spaces: number } };

function withTeam({ provider, defaultTeam }: ProviderRow): ProviderWithTeam {
  const { title, members, createdAt, spaces } = defaultTeam;
  const team =
    provider.defaultTeamId && title !== null && members !== null && createdAt !== null
      ? { id: provider.defaultTeamId, organizationId: provider.organizationId, title, members, createdAt }
      : null;
  return { provider, team, spaces };
}

const providerNotFound = (providerId: string) => notFound(`SAML provider '${providerId}'`);
const unknownDefaultTeam = (teamId: string) => badRequest(`Invalid body field 'defaultTeam': no team '${teamId}' in this organization`);

/** At most this many providers are listed for sign-in (that response has no pages in GitBook's spec). */
export const MAX_SSO_LOGINS = 100;

/**
 * This deployment as the SAML service provider of one identity provider. The URLs are stable
 * (derived from the organization and provider ids); the sign-in flow behind them is not served by
 * this API (docs/decisions.md).
 */
export function serviceProviderUrls(urls: Urls, organizationId: string, providerId: string) {
  const base = `/orgs/${organizationId}/saml/${providerId}`;
  return {
    location: urls.api(base),
    acsURL: urls.api(`${base}/acs`),
    startURL: urls.api(`${base}/start`),
    entityID: urls.api(`${base}/metadata`),
  };
}

/**
 * Only organization admins see providers, so the embedded default team carries an admin's
 * permissions whatever their role in that team.
 */
function presentProvider({ provider, team, spaces }: ProviderWithTeam, membership: Membership, urls: Urls): SAMLProviderObject {
  const { location, ...service } = serviceProviderUrls(urls, provider.organizationId, provider.id);
  return {
    object: "saml-provider",
    id: provider.id,
    label: provider.label,
    ssoURL: provider.ssoURL,
    entityID: provider.entityID,
    certificate: provider.certificate,
    ...(team ? { defaultTeam: presentTeam(team, membership, null, spaces) } : {}),
    defaultRole: provider.defaultRole,
    createdAt: provider.createdAt,
    // Creation requires every field, so every provider is complete.
    status: "active",
    service,
    urls: { location },
  };
}

function selectProvidersWithTeam(ctx: RequestContext) {
  return selectProviders(ctx.db);
}

function selectProviders(db: Database) {
  return db
    .select({ provider: samlProviders, defaultTeam: defaultTeamColumns })
    .from(samlProviders)
    .leftJoin(teams, eq(teams.id, samlProviders.defaultTeamId));
}

/** The list's select, built once (db/list-select.ts). */
const providerRows = selectedOnce(selectProviders);

/** The organization's SAML providers, oldest first (admins). */
export async function listProviders(ctx: RequesterContext, organizationId: string, request: PageRequest) {
  const page = pageReads(ctx.db, request, {
    from: samlProviders,
    where: eq(samlProviders.organizationId, organizationId),
    select: providerRows(),
    sort: sortedBy("createdAt", "asc", [samlProviders.createdAt, samlProviders.id], (row: ProviderRow) => [row.provider.createdAt, row.provider.id]),
  });
  const [access, results] = await loadOrganizationAccessWith(ctx, organizationId, page.reads);
  assertOrganizationAction(access.membership, "manageSAML");
  return page.answer(results, (row) => presentProvider(withTeam(row), access.membership, ctx.urls));
}

export async function getProvider(ctx: CallerContext, organizationId: string, providerId: string) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageSAML");
  const [row] = await selectProvidersWithTeam(ctx).where(isProvider(organizationId, providerId)).limit(1);
  if (!row) throw providerNotFound(providerId);
  return presentProvider(withTeam(row), access.membership, ctx.urls);
}

/** Admins add an identity provider; `defaultRole` defaults to the organization's defaultRole. */
export async function createProvider(ctx: CallerContext, organizationId: string, input: CreateSAMLProviderInput) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageSAML");
  const certificate = await parseCertificatePem(input.certificate);
  const found = input.defaultTeam === undefined ? null : await findTeam(ctx, organizationId, input.defaultTeam);
  const team = found?.team ?? null;
  const now = nowIso();
  const provider: SamlProviderRow = {
    id: newId(),
    organizationId,
    label: input.label,
    ssoURL: input.ssoURL,
    entityID: input.entityID,
    certificate,
    defaultTeamId: team?.id ?? null,
    defaultRole: input.defaultRole === undefined ? access.organization.defaultRole : input.defaultRole,
    createdAt: now,
    updatedAt: now,
  };
  await withDefaultTeamCheck(input.defaultTeam, ctx.db.insert(samlProviders).values(provider));
  return presentProvider({ provider, team, spaces: found?.spaces ?? 0 }, access.membership, ctx.urls);
}

/** Changes the given fields (admins); `defaultTeam: null` clears the default team. */
export async function updateProvider(ctx: CallerContext, organizationId: string, providerId: string, input: UpdateSAMLProviderInput) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageSAML");
  const certificate = input.certificate === undefined ? undefined : await parseCertificatePem(input.certificate);
  if (typeof input.defaultTeam === "string") await findTeam(ctx, organizationId, input.defaultTeam);
  const changes = {
    ...definedOnly({ label: input.label, ssoURL: input.ssoURL, entityID: input.entityID, certificate, defaultRole: input.defaultRole }),
    ...(input.defaultTeam === undefined ? {} : { defaultTeamId: input.defaultTeam }),
    updatedAt: nowIso(),
  };
  const [, [row]] = await withDefaultTeamCheck(
    input.defaultTeam,
    ctx.db.batch([
      ctx.db.update(samlProviders).set(changes).where(isProvider(organizationId, providerId)),
      selectProvidersWithTeam(ctx).where(isProvider(organizationId, providerId)).limit(1),
    ]),
  );
  if (!row) throw providerNotFound(providerId);
  return presentProvider(withTeam(row), access.membership, ctx.urls);
}

/** Deleting a provider that does not exist (any more) succeeds too (seed 4.16). */
export async function deleteProvider(ctx: CallerContext, organizationId: string, providerId: string): Promise<void> {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageSAML");
  await ctx.db.delete(samlProviders).where(isProvider(organizationId, providerId));
}

/**
 * The providers a person can sign in to the organization with. Open to every authenticated user,
 * members or not: it is what someone who is not (yet) signed in to the organization uses.
 */
export async function listSsoLogins(ctx: CallerContext, organizationId: string) {
  const [[organization], providers] = await ctx.db.batch([
    ctx.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)),
    ctx.db
      .select({ id: samlProviders.id, label: samlProviders.label })
      .from(samlProviders)
      .where(eq(samlProviders.organizationId, organizationId))
      .orderBy(asc(samlProviders.createdAt), asc(samlProviders.id))
      .limit(MAX_SSO_LOGINS),
  ]);
  if (!organization) throw organizationNotFound(organizationId);
  return {
    items: providers.map(({ id, label }) => ({ id, label, startURL: serviceProviderUrls(ctx.urls, organizationId, id).startURL })),
  };
}

function isProvider(organizationId: string, providerId: string) {
  return and(eq(samlProviders.organizationId, organizationId), eq(samlProviders.id, providerId));
}

async function findTeam(ctx: CallerContext, organizationId: string, teamId: string): Promise<{ team: TeamRow; spaces: number }> {
  const [row] = await ctx.db
    .select({ team: teams, spaces: teamSpacesColumn() })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId)))
    .limit(1);
  if (!row) throw unknownDefaultTeam(teamId);
  return row;
}

/** A team deleted between the check and the write fails the foreign key: the same 400 as an unknown team. */
async function withDefaultTeamCheck<T>(teamId: string | null | undefined, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const text = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : "";
    if (teamId && text.includes("FOREIGN KEY constraint failed")) throw unknownDefaultTeam(teamId);
    throw error;
  }
}

function definedOnly<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}
