import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The one error type of the API. Domain code throws it; the app's error handler turns it into
 * `{error:{code, message}}` with the same status. Anything else thrown becomes an opaque 500.
 */
export class ApiError extends HTTPException {
  constructor(
    override readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(status, { message });
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = "Missing or invalid API token") => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
/** `what` names the resource kind and id, e.g. `Organization "abc"`. */
export const notFound = (what: string) => new ApiError(404, `${what} not found`);
export const conflict = (message: string) => new ApiError(409, message);
/** The resource existed but is gone for good (a space deleted beyond its retention). */
export const gone = (message: string) => new ApiError(410, message);

export function errorBody(status: number, message: string) {
  return { error: { code: status, message } };
}
