import { ApiError } from "./errors";

/**
 * What crosses the RPC boundary of a Durable Object in place of an API error: RPC keeps only an
 * error's message, so a refusal (a 400 for a bad change, a 409 for a merged change request) is
 * returned as a value and thrown again, with its status, on the Worker's side.
 */
export type Outcome<T> = ({ ok: true; value: T } | { ok: false; status: ApiError["status"]; message: string }) & {
  /** The D1 bookmark after the operation's writes: the caller's request reads after it. */
  bookmark?: string | null;
};

/** Runs `operation`, turning an API error below 500 into a refused outcome; anything else throws. */
export async function outcomeOf<T>(operation: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await operation() };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}

/** The value of an outcome, or its API error thrown again. */
export function unwrapOutcome<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw new ApiError(outcome.status, outcome.message);
}
