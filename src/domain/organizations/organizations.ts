import { and, asc, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext, RequesterContext, UserContext } from "../../context";
import {
  organizationEmailDomains,
  organizationMembers,
  organizations,
  type MemberRow,
  type OrganizationRow,
} from "../../db/schema";
import { isUniqueViolation } from "../../db/errors";
import { pageReads, sortedBy } from "../../db/keyset";
import { selectedOnce } from "../../db/list-select";
import { insertChunks } from "../../db/limits";
import { badRequest, conflict, forbidden } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import { pick } from "../../lib/objects";
import type { PageRequest } from "../../lib/pagination";
import { assertOrganizationAction } from "../../lib/permissions";
import type { UpdateOrganizationInput } from "../../schemas/organization";
import { callerIdFor, callerIdOf, callerValues, identifyCallerWith, perCaller } from "../users/callers";
import { loadOrganizationAccess, membershipOf, organizationNotFound, ownsTeamOf } from "./access";
import { assertReviewersAreMembers } from "./merge-rules";
import { presentOrganization } from "./present";

interface OrganizationWithRole {
  organization: OrganizationRow;
  role: MemberRow["role"];
  ownsTeam: boolean;
}

/**
 * The caller's organizations with their membership, built once per way of naming the caller
 * (db/list-select.ts). Only member columns whose names the organization lacks: in a batch, D1
 * rows are keyed by column name, so a shared name (`sso`) would take the member's value.
 */
const organizationRows = perCaller((key) =>
  selectedOnce((db) =>
    db
      .select({ organization: organizations, role: organizationMembers.role, ownsTeam: ownsTeamOf(callerIdFor(key)) })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId)),
  ),
);

/** The organizations the caller belongs to, oldest first: one round trip, the caller's lookup included. */
export async function listOrganizationsForCaller(ctx: RequesterContext, request: PageRequest) {
  const page = pageReads(ctx.db, request, {
    from: organizationMembers,
    where: and(eq(organizationMembers.userId, callerIdOf(ctx)), eq(organizationMembers.disabled, false)),
    select: organizationRows(ctx)(callerValues(ctx)),
    sort: sortedBy("createdAt", "asc", [organizations.createdAt, organizations.id], (row: OrganizationWithRole) => [row.organization.createdAt, row.organization.id]),
  });
  const [, results] = await identifyCallerWith(ctx, page.reads);
  return page.answer(results, (row) => presentOrganization(row.organization, membershipOf(row, row.ownsTeam), ctx.urls));
}

/** One round trip, authentication included when the request came with a token only. */
export async function getOrganization(ctx: RequesterContext, organizationId: string) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "view");
  return presentOrganization(access.organization, access.membership, ctx.urls);
}

/** Any user may create an organization; they become its first admin. */
export async function createOrganization(ctx: CallerContext, input: { title: string; emailDomains?: string[] }) {
  const now = nowIso();
  const organization: OrganizationRow = {
    id: newId(),
    title: input.title,
    hostname: null,
    emailDomains: input.emailDomains ?? [],
    type: "business",
    useCase: null,
    communityType: null,
    defaultRole: "read",
    defaultContent: null,
    logo: null,
    sso: false,
    ai: false,
    inviteLinks: true,
    mergeRules: { type: "none" },
    createdBy: ctx.caller.id,
    createdAt: now,
    updatedAt: now,
  };
  const member = {
    organizationId: organization.id,
    userId: ctx.caller.id,
    role: "admin" as const,
    disabled: false,
    sso: false,
    joinedAt: now,
    lastSeenAt: now,
  };
  await ctx.db.batch([
    ctx.db.insert(organizations).values(organization),
    ctx.db.insert(organizationMembers).values(member),
    ...emailDomainIndexWrites(ctx, organization.id, organization.emailDomains, false),
  ]);
  return presentOrganization(organization, membershipOf(member), ctx.urls);
}

export async function updateOrganization(ctx: CallerContext, organizationId: string, input: UpdateOrganizationInput) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "update");
  if (input.defaultContent) {
    // Sites arrive with a later issue; until then no site can be the default content.
    throw badRequest(`Invalid field 'defaultContent.site': no site '${input.defaultContent.site}' in this organization`);
  }
  if (input.mergeRules) await assertReviewersAreMembers(ctx, organizationId, input.mergeRules);

  const changes = {
    ...pick(input, ["title", "emailDomains", "hostname", "defaultRole", "logo", "sso", "ai", "inviteLinks", "mergeRules"]),
    ...(input.defaultContent === null ? { defaultContent: null } : {}),
    updatedAt: nowIso(),
  };
  try {
    const [updated] = await ctx.db.batch([
      ctx.db.update(organizations).set(changes).where(eq(organizations.id, organizationId)).returning(),
      ...(input.emailDomains ? emailDomainIndexWrites(ctx, organizationId, input.emailDomains, true) : []),
    ]);
    return presentOrganization(updated[0] ?? access.organization, access.membership, ctx.urls);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`The hostname '${input.hostname}' is already used by another organization`);
    throw error;
  }
}

/**
 * Joins through the caller's verified email domain, with the organization's defaultRole.
 * Joining an organization one already belongs to changes nothing.
 */
export async function joinOrganization(ctx: UserContext, organizationId: string): Promise<void> {
  const [organization] = await ctx.db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!organization) throw organizationNotFound(organizationId);
  const domain = verifiedEmailDomain(ctx);
  if (!domain || !organization.emailDomains.includes(domain)) {
    throw badRequest(`Your verified email domain${domain ? ` '${domain}'` : ""} is not allowed to join this organization`);
  }
  const now = nowIso();
  await ctx.db
    .insert(organizationMembers)
    .values({
      organizationId,
      userId: ctx.caller.id,
      role: organization.defaultRole,
      disabled: false,
      sso: false,
      joinedAt: now,
      lastSeenAt: now,
    })
    .onConflictDoNothing();
}

/** At most this many organizations are returned for one email domain (the response has no pages). */
export const MAX_ORGANIZATIONS_PER_DOMAIN = 100;

/** Organizations a user of this email domain may join; callers may only ask about their own domain. */
export async function listOrganizationsForEmailDomain(ctx: UserContext, emailDomain: string) {
  const domain = emailDomain.trim().toLowerCase();
  if (verifiedEmailDomain(ctx) !== domain) {
    throw forbidden("You can only list the organizations of your own verified email domain");
  }
  const rows = await ctx.db
    .select({ organization: organizations, member: organizationMembers, ownsTeam: ownsTeamOf(ctx.caller.id) })
    .from(organizationEmailDomains)
    .innerJoin(organizations, eq(organizations.id, organizationEmailDomains.organizationId))
    .leftJoin(
      organizationMembers,
      and(eq(organizationMembers.organizationId, organizations.id), eq(organizationMembers.userId, ctx.caller.id)),
    )
    .where(eq(organizationEmailDomains.domain, domain))
    .orderBy(asc(organizations.createdAt), asc(organizations.id))
    .limit(MAX_ORGANIZATIONS_PER_DOMAIN);
  return {
    organizations: rows.map((row) =>
      presentOrganization(
        row.organization,
        row.member && !row.member.disabled ? membershipOf(row.member, row.ownsTeam) : null,
        ctx.urls,
      ),
    ),
  };
}

function verifiedEmailDomain(ctx: UserContext): string | undefined {
  if (!ctx.caller.emailVerified) return undefined;
  return ctx.caller.email.split("@").pop()?.toLowerCase();
}

/** Rewrites the email-domain index of an organization (see organizationEmailDomains). */
function emailDomainIndexWrites(
  ctx: CallerContext,
  organizationId: string,
  domains: string[],
  replace: boolean,
): BatchItem<"sqlite">[] {
  const writes: BatchItem<"sqlite">[] = [];
  if (replace) writes.push(ctx.db.delete(organizationEmailDomains).where(eq(organizationEmailDomains.organizationId, organizationId)));
  const rows = domains.map((domain) => ({ organizationId, domain }));
  for (const chunk of insertChunks(organizationEmailDomains, rows)) writes.push(ctx.db.insert(organizationEmailDomains).values(chunk));
  return writes;
}
