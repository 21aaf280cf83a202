// Google's failures as our errors: a grant that is gone, a missing refresh token or scope, and an API error with
// what it takes to decide on a retry (status, reason, Retry-After).

/**
 * Google no longer accepts the stored refresh token (`invalid_grant`: the user revoked our access, changed their
 * password with Gmail scopes, the token went unused for six months, or the OAuth client is in "testing" and the
 * token is over seven days old). Nothing but a new consent fixes it: mark the connection as needing reconnection.
 */
export class GoogleInvalidGrantError extends Error {
  /** Google's `error_description` (e.g. "Token has been expired or revoked."). */
  readonly description: string | null;
  constructor(description: string | null, options?: { cause?: unknown }) {
    super(
      `Google refused the authorization (invalid_grant)${description ? `: ${description}` : ''}`,
      options,
    );
    this.name = 'GoogleInvalidGrantError';
    this.description = description;
  }
}

/**
 * A code exchange answered without a refresh token. Google gives one only when the user consents, and with
 * `prompt=consent` it does so every time; without it, a user who had already granted access to this OAuth client
 * gets an access token alone. The authorization URL here always asks for consent, so this means the URL was made
 * elsewhere or the grant was an odd one: start the connection again (and, if it persists, remove Callwise from
 * the Google account's third-party access and connect again).
 */
export class GoogleMissingRefreshTokenError extends Error {
  constructor() {
    super(
      'Google answered without a refresh token: connect again (the consent screen must be shown, prompt=consent)',
    );
    this.name = 'GoogleMissingRefreshTokenError';
  }
}

/** The user unticked scopes we need on Google's consent screen (granular consent). `missing` lists them. */
export class GoogleScopeError extends Error {
  readonly missing: string[];
  constructor(missing: string[]) {
    super(`Google access was granted without ${missing.join(', ')}: connect again and allow all of it`);
    this.name = 'GoogleScopeError';
    this.missing = missing;
  }
}

/**
 * Google refused or failed a request: `status` the HTTP status (0 when no answer came), `reason` Google's
 * `errors[0].reason` (e.g. `rateLimitExceeded`, `fullSyncRequired`, `notFound`), or TIMEOUT / NETWORK_ERROR.
 */
export class GoogleApiError extends Error {
  readonly status: number;
  readonly reason: string | null;
  /** Retry-After of the answer, in ms (null when absent). */
  readonly retryAfterMs: number | null;
  constructor(
    message: string,
    status: number,
    reason: string | null,
    retryAfterMs: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GoogleApiError';
    this.status = status;
    this.reason = reason;
    this.retryAfterMs = retryAfterMs;
  }
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** What a failure looks like when it comes out of gaxios (either copy of it: instanceof is not reliable). */
interface GaxiosLikeError {
  message?: string;
  name?: string;
  code?: unknown;
  response?: { status?: number; data?: unknown; headers?: unknown };
}

/** Google's OAuth error body `{ error, error_description }`, when the failure is one. */
export function oauthError(error: unknown): { error: string; description: string | null } | null {
  const data = (error as GaxiosLikeError | null)?.response?.data;
  if (typeof data !== 'object' || data === null) return null;
  const { error: code, error_description: description } = data as Record<string, unknown>;
  if (typeof code !== 'string') return null;
  return { error: code, description: typeof description === 'string' ? description : null };
}

/** invalid_grant, from the token endpoint, as GoogleInvalidGrantError; anything else unchanged. */
export function translateAuthError(error: unknown): unknown {
  const oauth = oauthError(error);
  if (oauth?.error === 'invalid_grant')
    return new GoogleInvalidGrantError(oauth.description, { cause: error });
  return error;
}
/** Retry-After (seconds, or an HTTP date) in milliseconds; null when absent or unreadable. */
function retryAfterMs(headers: unknown): number | null {
  let header: string | null = null;
  // gaxios answers a Headers (not necessarily this realm's: instanceof is not reliable), older versions a record.
  const get = (headers as { get?: unknown } | null)?.get;
  if (typeof get === 'function')
    header = (get as (name: string) => string | null).call(headers, 'retry-after');
  else if (typeof headers === 'object' && headers !== null) {
    const value = (headers as Record<string, unknown>)['retry-after'];
    header = typeof value === 'string' ? value : null;
  }
  if (!header) return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Any failure of a library call as one of our errors (GoogleInvalidGrantError, GoogleApiError). */
export function toGoogleError(error: unknown, timeoutMs: number): Error {
  if (error instanceof GoogleApiError || error instanceof GoogleInvalidGrantError) return error;
  const translated = translateAuthError(error);
  if (translated instanceof GoogleInvalidGrantError) return translated;
  const failure = (error ?? {}) as GaxiosLikeError;
  const response = failure.response;
  if (response && typeof response.status === 'number') {
    const oauth = oauthError(error);
    if (oauth) {
      return new GoogleApiError(
        `Google's token endpoint answered ${oauth.error}${oauth.description ? `: ${oauth.description}` : ''}`,
        response.status,
        oauth.error,
        null,
        { cause: error },
      );
    }
    const body = (response.data ?? {}) as {
      error?: { message?: unknown; errors?: Array<{ reason?: unknown }> };
    };
    const message = typeof body.error?.message === 'string' ? body.error.message : null;
    const reason = body.error?.errors?.[0]?.reason;
    return new GoogleApiError(
      message ?? `Google answered ${response.status}`,
      response.status,
      typeof reason === 'string' ? reason : null,
      retryAfterMs(response.headers),
      { cause: error },
    );
  }
  // Our `timeout` is an AbortSignal.timeout inside gaxios: the failure (or its cause) is a TimeoutError or an
  // AbortError, depending on the fetch underneath; no other signal is given, so an abort is the timeout.
  const cause = (error as { cause?: { name?: unknown } } | null)?.cause;
  const names = [failure.code, failure.name, cause?.name];
  const timedOut = names.some((name) => name === 'TimeoutError' || name === 'AbortError');
  return timedOut
    ? new GoogleApiError(`Google did not answer within ${timeoutMs} ms`, 0, 'TIMEOUT', null, { cause: error })
    : new GoogleApiError(
        `Google could not be reached: ${failure.message ?? String(error)}`,
        0,
        'NETWORK_ERROR',
        null,
        { cause: error },
      );
}
