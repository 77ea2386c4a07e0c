import { z } from "@hono/zod-openapi";
import { AbsoluteUrl, InputUrl, RoleOrGuest, Timestamp, notSupported, orNull } from "./common";
import { MergeRulesStandalone } from "./merge-rules";

export const OrganizationTitle = z
  .string()
  .min(2)
  .max(255)
  .regex(/\S.*\S/, "must not be blank")
  .openapi("OrganizationTitle");

/** Lower-cased DNS names such as `example.com`; at most 50 per organization. */
export const OrganizationEmailDomains = z
  .array(
    z
      .string()
      .max(253)
      .transform((domain) => domain.trim().toLowerCase())
      .pipe(z.string().regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "must be a domain name such as example.com")),
  )
  .max(50)
  .transform((domains) => [...new Set(domains)])
  .openapi("OrganizationEmailDomains");

/** A DNS label, so case-insensitive: stored lower-cased, which makes its uniqueness case-insensitive too. */
/**
 * The organization's default hostname is a DNS label (`<hostname>.<deployment domain>`), so it
 * follows the seed's subdomain pattern (2.12), whose 3 to 32 characters are part 8's limits.
 * Compared and stored lower-cased, so `ABC` and `abc` are the same (taken) hostname.
 */
export const OrganizationHostname = z
  .string()
  .min(3)
  .max(32)
  .transform((hostname) => hostname.toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/, "must be 3 to 32 letters, digits or '-', not starting or ending with '-'"))
  .openapi("OrganizationHostname");

export const SitePointer = z.object({ type: z.literal("site"), site: z.string().min(1) }).openapi("SitePointer");

export const OrganizationPermissions = z.object({
  view: z.boolean(),
  access: z.boolean(),
  admin: z.boolean(),
  ownTeam: z.boolean(),
  createContent: z.boolean(),
  createOpenAPISpec: z.boolean(),
  ingestConversations: z.boolean(),
  viewBilling: z.boolean(),
  listMembers: z.boolean(),
  listTeams: z.boolean(),
  listIntegrations: z.boolean(),
  listInstallations: z.boolean(),
  installIntegration: z.boolean(),
});

export const Organization = z
  .object({
    object: z.literal("organization"),
    id: z.string(),
    title: z.string(),
    createdAt: Timestamp,
    emailDomains: z.array(z.string()),
    hostname: z.string().optional(),
    type: z.enum(["business", "community"]),
    useCase: z.string().optional(),
    communityType: z.string().optional(),
    defaultRole: RoleOrGuest.optional(),
    defaultContent: SitePointer.optional(),
    sso: z.boolean().optional(),
    ai: z.boolean().optional(),
    inviteLinks: z.boolean(),
    plan: z.string(),
    mergeRules: MergeRulesStandalone,
    urls: z.object({ location: AbsoluteUrl, app: AbsoluteUrl, logo: AbsoluteUrl.optional() }),
    trial: z.object({ status: z.string(), count: z.number().int() }),
    permissions: OrganizationPermissions,
  })
  .openapi("Organization");

export type OrganizationObject = z.infer<typeof Organization>;

export const CreateOrganizationBody = z
  .strictObject({
    title: OrganizationTitle,
    emailDomains: OrganizationEmailDomains.optional(),
    onboardingPreferences: notSupported("default-site onboarding preferences"),
  })
  .openapi("CreateOrganization")
  .openapi({ example: { title: "Analytical Engines" } });

export const UpdateOrganizationBody = z.strictObject({
  title: OrganizationTitle.optional(),
  emailDomains: OrganizationEmailDomains.optional(),
  hostname: OrganizationHostname.optional(),
  defaultRole: RoleOrGuest.optional(),
  defaultContent: orNull(SitePointer).optional(),
  logo: orNull(InputUrl).optional(),
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  inviteLinks: z.boolean().optional(),
  mergeRules: MergeRulesStandalone.optional(),
})
  .openapi({ example: { title: "Analytical Engines Ltd" } });

export type UpdateOrganizationInput = z.infer<typeof UpdateOrganizationBody>;
