/**
 * Why a request got no answer. fetch reports a network failure as `fetch failed` with the real reason (a refused
 * connection, an unknown host) as its cause: that one is said.
 */
export function fetchFailureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}
