import { jwtVerify, SignJWT, errors as joseErrors } from "jose";
import type { Bindings } from "../../context";
import { unauthorized } from "../../lib/errors";
import { signingSecret } from "../../lib/signed-urls";

/**
 * The short-lived `apiToken` of a published-content lookup (GitBook's `SiteAPIToken`): a JWT
 * (HS256) signed with a key derived from the deployment's SIGNING_SECRET, naming the organization,
 * the site, the site space and section the URL resolved to, every space the site shows this
 * visitor, the visitor's claims, and what makes it stop working before it expires: the share link
 * it was opened with, and the generation of the site's publishing-auth key (regenerating the key
 * refuses every token minted under the old one at once). A request carrying it reads what the
 * site publishes to that visitor and nothing else (domain/published/visitor-access.ts).
 *
 * It lives SITE_TOKEN_LIFETIME_SECONDS: long enough for a page view and the reads that follow it
 * (GitBook's renderer asks again when a lookup's token has expired), short enough that a visitor
 * who loses access (a condition's claim, a revoked share link is immediate anyway) loses it soon.
 */

export const SITE_TOKEN_LIFETIME_SECONDS = 15 * 60;
const ISSUER = "docs-cms-edge";
const AUDIENCE = "site-content";

/** What a site token grants, as the Worker reads it back. */
export interface SiteTokenGrant {
  organizationId: string;
  siteId: string;
  siteSpaceId: string;
  siteSectionId: string | null;
  /** The space of the site space the URL resolved to. */
  spaceId: string;
  /** Every space the site shows this visitor (conditions applied when the token was minted). */
  spaceIds: string[];
  /** The visitor's claims: signed ones at the top, unsigned ones under `unsigned` (GitBook's `visitor.claims`). */
  claims: Record<string, unknown>;
  /** The share link the site was opened with (share-link sites): revoking it refuses the token. */
  shareLinkId: string | null;
  /** The publishing-auth key generation the visitor's JWT was checked against (visitor-auth sites). */
  authGeneration: number | null;
  /**
   * The member whose API token resolved the URL, when the site let them in as a member (a
   * share-link site without its key, a visitor-auth site without a visitor token): their
   * membership is checked again on every read, so a member who leaves loses the token too.
   */
  memberId: string | null;
  /** A revision (of `spaceId`) or change request previewed by a member through this URL. */
  preview: { revisionId?: string; changeRequestId?: string } | null;
  /**
   * Opened through a preview URL (`getSitePublishingPreviewById`, made by a member who may see
   * sites): the site reads as published, whatever its visibility and whether it is published yet.
   */
  sitePreview: boolean;
  /** The space's revision when the token was minted: readable for the token's life even if a merge lands. */
  revisionId: string;
  visitorType: "human" | "agent";
  expiresAt: number;
}

interface SiteTokenClaims {
  kind: "site";
  organization: string;
  site: string;
  siteSpace: string;
  siteSection?: string;
  space: string;
  spaces: string[];
  claims: Record<string, unknown>;
  share?: string;
  auth?: number;
  member?: string;
  sitePreview?: true;
  preview?: { revision?: string; changeRequest?: string };
  revision: string;
  visitorType?: "agent";
}

const derived = new Map<string, { secret: string; key: Promise<CryptoKey> }>();

/**
 * An HMAC key for one kind of token (`purpose`), derived once per isolate from SIGNING_SECRET
 * (HKDF), never the secret itself: a token of one kind never verifies as another.
 */
export function derivedKey(env: Pick<Bindings, "SIGNING_SECRET">, purpose: string): Promise<CryptoKey> {
  const secret = signingSecret(env);
  const known = derived.get(purpose);
  if (known?.secret === secret) return known.key;
  const key = deriveKey(secret, purpose);
  derived.set(purpose, { secret, key });
  return key;
}

const tokenKey = (env: Pick<Bindings, "SIGNING_SECRET">) => derivedKey(env, "site-content-token/v1");

async function deriveKey(secret: string, purpose: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode(purpose) },
    material,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign", "verify"],
  );
}

/** What a site token minted now from `grant` reads back as (`verifySiteToken`), for the request that would mint it and read as it at once. */
export function grantedNow(grant: Omit<SiteTokenGrant, "expiresAt">, now = Date.now()): SiteTokenGrant {
  return { ...grant, expiresAt: (Math.floor(now / 1000) + SITE_TOKEN_LIFETIME_SECONDS) * 1000 };
}

export async function mintSiteToken(env: Pick<Bindings, "SIGNING_SECRET">, grant: Omit<SiteTokenGrant, "expiresAt">, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = grantedNow(grant, now).expiresAt / 1000;
  const claims: SiteTokenClaims = {
    kind: "site",
    organization: grant.organizationId,
    site: grant.siteId,
    siteSpace: grant.siteSpaceId,
    ...(grant.siteSectionId ? { siteSection: grant.siteSectionId } : {}),
    space: grant.spaceId,
    spaces: grant.spaceIds,
    claims: grant.claims,
    ...(grant.shareLinkId ? { share: grant.shareLinkId } : {}),
    ...(grant.authGeneration !== null ? { auth: grant.authGeneration } : {}),
    ...(grant.memberId ? { member: grant.memberId } : {}),
    ...(grant.sitePreview ? { sitePreview: true as const } : {}),
    ...(grant.preview ? { preview: { ...(grant.preview.revisionId ? { revision: grant.preview.revisionId } : {}), ...(grant.preview.changeRequestId ? { changeRequest: grant.preview.changeRequestId } : {}) } } : {}),
    revision: grant.revisionId,
    ...(grant.visitorType === "agent" ? { visitorType: "agent" as const } : {}),
  };
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(await tokenKey(env));
  return { token, expiresAt: expiresAt * 1000 };
}

/** Whether a bearer token is shaped like a site token (a JWT) rather than an API token (`gb_api_…`). */
export const looksLikeSiteToken = (token: string) => /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/.test(token);

/** The grant of a valid site token; a 401 for an expired, tampered or foreign one. */
export async function verifySiteToken(env: Pick<Bindings, "SIGNING_SECRET">, token: string, now = Date.now()): Promise<SiteTokenGrant> {
  let payload: Partial<SiteTokenClaims> & { exp?: number };
  try {
    ({ payload } = await jwtVerify<Partial<SiteTokenClaims>>(token, await tokenKey(env), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
      currentDate: new Date(now),
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw unauthorized("The site token has expired: resolve the URL again for a new one");
    if (error instanceof joseErrors.JOSEError) throw unauthorized("Invalid site token");
    throw error;
  }
  if (payload.kind !== "site" || !payload.organization || !payload.site || !payload.siteSpace || !payload.space || !Array.isArray(payload.spaces) || !payload.revision) {
    throw unauthorized("Invalid site token");
  }
  return {
    organizationId: payload.organization,
    siteId: payload.site,
    siteSpaceId: payload.siteSpace,
    siteSectionId: payload.siteSection ?? null,
    spaceId: payload.space,
    spaceIds: payload.spaces,
    claims: payload.claims ?? {},
    shareLinkId: payload.share ?? null,
    authGeneration: payload.auth ?? null,
    memberId: payload.member ?? null,
    sitePreview: payload.sitePreview === true,
    preview: payload.preview ? { ...(payload.preview.revision ? { revisionId: payload.preview.revision } : {}), ...(payload.preview.changeRequest ? { changeRequestId: payload.preview.changeRequest } : {}) } : null,
    revisionId: payload.revision,
    visitorType: payload.visitorType === "agent" ? "agent" : "human",
    expiresAt: (payload.exp ?? 0) * 1000,
  };
}
