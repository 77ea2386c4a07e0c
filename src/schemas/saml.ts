import { z } from "@hono/zod-openapi";
import { AbsoluteUrl, EntityId, RoleOrGuest, Timestamp } from "./common";
import { OrganizationTeam } from "./team";
import { EXAMPLE_CERTIFICATE } from "./examples";

export const SAMLProviderLabel = z.string().min(1).max(30).openapi("SAMLProviderLabel");
export const SAMLProviderEntityID = z.string().min(1).max(1024).openapi("SAMLProviderEntityID");
/** A PEM X.509 certificate; that it parses as one is checked by the domain (src/domain/saml/certificate.ts). */
export const SAMLProviderCertificate = z.string().min(1).max(10000).openapi("SAMLProviderCertificate");
/** The identity provider's sign-in URL: users' browsers are sent there, so it must be https. */
const SAMLProviderSsoURL = z
  .url({ protocol: /^https$/, error: "must be an absolute https URL" })
  .max(2048)
  .openapi({ format: "uri" });

export const SAMLProviderStatus = z.enum(["active", "pending"]).openapi("SAMLProviderStatus", {
  description: "active: the provider can authenticate users; pending: not yet fully configured (never the case here).",
});

export const OrganizationSAMLProvider = z
  .object({
    object: z.literal("saml-provider"),
    id: z.string(),
    label: SAMLProviderLabel,
    ssoURL: AbsoluteUrl,
    entityID: SAMLProviderEntityID,
    certificate: SAMLProviderCertificate,
    defaultTeam: OrganizationTeam.optional(),
    defaultRole: RoleOrGuest,
    createdAt: Timestamp,
    status: SAMLProviderStatus,
    service: z
      .object({ acsURL: AbsoluteUrl, startURL: AbsoluteUrl, entityID: z.string() })
      .openapi({ description: "This deployment as the SAML service provider" }),
    urls: z.object({ location: AbsoluteUrl }),
  })
  .openapi("OrganizationSAMLProvider");

export type SAMLProviderObject = z.infer<typeof OrganizationSAMLProvider>;

export const OrganizationSSOProviderLogin = z
  .object({ id: z.string(), label: SAMLProviderLabel, startURL: AbsoluteUrl })
  .openapi("OrganizationSSOProviderLogin");

const providerFields = {
  label: SAMLProviderLabel,
  entityID: SAMLProviderEntityID,
  certificate: SAMLProviderCertificate,
  ssoURL: SAMLProviderSsoURL,
  defaultTeam: EntityId.openapi({ description: "The id of a team of the organization that signed-in users join" }),
  defaultRole: RoleOrGuest,
};

/**
 * Every field but the defaults is required, so every provider is complete and `active` (GitBook's
 * spec requires only `label`; see docs/decisions.md).
 */
export const CreateSAMLProviderBody = z.strictObject({
  ...providerFields,
  defaultTeam: providerFields.defaultTeam.optional(),
  defaultRole: RoleOrGuest.optional().openapi({ description: "The role of users who sign in; the organization's defaultRole when omitted" }),
})
  .openapi({ example: { label: "Okta", entityID: "http://www.okta.com/exk1example", certificate: EXAMPLE_CERTIFICATE, ssoURL: "https://example.okta.com/app/sso/saml" } });

export type CreateSAMLProviderInput = z.infer<typeof CreateSAMLProviderBody>;

/** Every field optional; `defaultTeam: null` (an extension of GitBook's spec) clears the default team. */
export const UpdateSAMLProviderBody = z.strictObject({
  label: providerFields.label.optional(),
  entityID: providerFields.entityID.optional(),
  certificate: providerFields.certificate.optional(),
  ssoURL: providerFields.ssoURL.optional(),
  defaultTeam: providerFields.defaultTeam.nullable().optional(),
  defaultRole: RoleOrGuest.optional(),
})
  .openapi({ example: { label: "Okta (EU)" } });

export type UpdateSAMLProviderInput = z.infer<typeof UpdateSAMLProviderBody>;
