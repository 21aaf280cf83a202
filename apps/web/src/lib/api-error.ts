// Apart from the API client (and its zod schemas), so that code loaded on every page, such as the query cache's
// error hook, can recognise API errors without loading the client.

/** A failed `/v1` call: the HTTP status (0 when the server could not be reached) and the server's error. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
