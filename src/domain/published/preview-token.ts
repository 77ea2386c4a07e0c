import { jwtVerify, SignJWT } from "jose";
import type { Bindings } from "../../context";
import { derivedKey } from "./site-token";

/**
 * The token of a site's preview URL (`getSitePublishingPreviewById`): made by a member who may see
 * sites, valid an hour (GitBook: "The URL will be valid for 1 hour"), it opens the site as a
 * published one (whatever its visibility, published or not yet) with the visitor claims the member
 * chose. It rides in the URL as the path segments `~preview/<token>` under the site's root, so it
 * survives where a query string is dropped. Signed with a key of its own (HKDF of SIGNING_SECRET).
 */

export const PREVIEW_LIFETIME_SECONDS = 60 * 60;
export const PREVIEW_SEGMENT = "~preview";
const AUDIENCE = "site-preview";
const key = (env: Pick<Bindings, "SIGNING_SECRET">) => derivedKey(env, "site-preview/v1");

export interface PreviewGrant {
  siteId: string;
  /** The member who made it. */
  memberId: string;
  claims: Record<string, unknown>;
}

export async function mintPreviewToken(env: Pick<Bindings, "SIGNING_SECRET">, grant: PreviewGrant, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ site: grant.siteId, member: grant.memberId, claims: grant.claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + PREVIEW_LIFETIME_SECONDS)
    .sign(await key(env));
}

/** The grant of a valid preview token; null when it is not one (expired, forged, another site's). */
export async function verifyPreviewToken(env: Pick<Bindings, "SIGNING_SECRET">, token: string, siteId: string): Promise<PreviewGrant | null> {
  try {
    const { payload } = await jwtVerify<{ site?: string; member?: string; claims?: Record<string, unknown> }>(token, await key(env), { audience: AUDIENCE, algorithms: ["HS256"] });
    if (payload.site !== siteId || !payload.member) return null;
    return { siteId, memberId: payload.member, claims: payload.claims ?? {} };
  } catch {
    return null;
  }
}
