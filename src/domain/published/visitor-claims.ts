import { jwtVerify } from "jose";
import type { SitePublishingAuthRow } from "../../db/schema";

/**
 * A visitor's claims (adaptive content): what the site's own backend signed (`visitor.jwtToken`,
 * a JWT signed with the site's publishing-auth key, HS256, with an expiry) at the top of
 * `visitor.claims`, and what the visitor merely states (`visitor.unsignedClaims`, GitBook's
 * `visitor.<claim>=<value>` query parameters) under `visitor.claims.unsigned`. Conditions on
 * sections, site spaces and pages read them (domain/sites/expression.ts).
 */

export interface VisitorPayload {
  jwtToken?: string;
  unsignedClaims?: Record<string, unknown>;
  type?: "human" | "agent";
}

/** The JWT's own registered claims, which say nothing about the visitor. */
const REGISTERED_CLAIMS = new Set(["iss", "aud", "exp", "nbf", "iat", "jti"]);

/** The signed claims of a visitor token valid under the site's key; null when it is not (forged, expired, another key). */
export async function signedClaimsOf(jwtToken: string, auth: SitePublishingAuthRow | undefined): Promise<Record<string, unknown> | null> {
  if (!auth) return null;
  try {
    const { payload } = await jwtVerify(jwtToken, new TextEncoder().encode(auth.privateKey), { algorithms: ["HS256"], requiredClaims: ["exp"] });
    return Object.fromEntries(Object.entries(payload).filter(([name]) => !REGISTERED_CLAIMS.has(name)));
  } catch {
    return null;
  }
}

export const visitorClaims = (signed: Record<string, unknown> | null, unsigned: Record<string, unknown> | undefined): Record<string, unknown> => ({
  ...(signed ?? {}),
  unsigned: unsigned ?? {},
});
