import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { claimIdempotencyKey, IDEMPOTENCY_KEY_HOURS, recordIdempotentResponse, releaseIdempotencyKey } from "../domain/idempotency/keys";
import { badRequest, conflict } from "../lib/errors";
import { sha256Hex } from "../lib/tokens";
import { authenticateBeforeRefusing } from "./lazy-authentication";

/**
 * `Idempotency-Key` on POST routes, with Stripe's semantics: the first request with a key runs and
 * its answer is kept for 24 hours; the same key with the same method, path and body gets that
 * answer again (with `Idempotent-Replayed: true`) without running anything; the same key with
 * another request, or while the first still runs, is a 409. Requests refused before the operation
 * ran (bad input: 400, 413, 415) and failures (5xx) are not kept, so a corrected retry can reuse
 * the key. Route middleware: it runs after authentication and the body limit.
 */

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** Printable ASCII, as Stripe and the IETF draft allow; a UUID is the usual choice. */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;
const REFUSED_BEFORE_RUNNING = new Set([400, 413, 415]);
const REPLAYED_HEADERS = ["content-type", "location", "etag"];

export const idempotentPost: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  // Keys are a user's; a site's visitor is none (their POSTs are a search and insight events, which a
  // retry repeats harmlessly), so theirs are not kept.
  if (key === undefined || c.get("visitorContext")) return next();
  if (!VALID_KEY.test(key)) throw badRequest(`Invalid header '${IDEMPOTENCY_KEY_HEADER}': must be 1 to 255 printable ASCII characters without spaces`);
  // Keys are the caller's: a route that authenticates in its read (a site's search) has not looked
  // the caller up yet, so it is looked up here, as for a request refused before its read.
  await authenticateBeforeRefusing(c);
  const ctx = c.get("callerContext");
  const url = new URL(c.req.url);
  const fingerprint = await sha256Hex(`${c.req.method} ${url.pathname}${url.search}\n${await c.req.text()}`);

  const claim = await claimIdempotencyKey(ctx, key, fingerprint);
  if (!claim.claimed) {
    const { first } = claim;
    if (first.fingerprint !== fingerprint) {
      throw conflict(`${IDEMPOTENCY_KEY_HEADER} '${key}' was used in the last ${IDEMPOTENCY_KEY_HOURS} hours for another request (method, path or body); use a new key`);
    }
    if (first.status === null) throw conflict(`The first request with ${IDEMPOTENCY_KEY_HEADER} '${key}' is still running; retry once it has answered`);
    return new Response(first.responseBody || null, { status: first.status, headers: { ...first.responseHeaders, "Idempotent-Replayed": "true" } });
  }

  await next();
  const status = c.res.status;
  if (status >= 500 || REFUSED_BEFORE_RUNNING.has(status)) {
    await releaseIdempotencyKey(ctx, key);
    return;
  }
  const headers = Object.fromEntries(REPLAYED_HEADERS.flatMap((name) => (c.res.headers.has(name) ? [[name, c.res.headers.get(name)!]] : [])));
  await recordIdempotentResponse(ctx, key, { status, body: await c.res.clone().text(), headers });
};
