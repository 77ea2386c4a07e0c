/** Whether a D1 failure is a UNIQUE constraint violation (D1 wraps SQLite's message, sometimes in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : "";
  return text.includes("UNIQUE constraint failed");
}
