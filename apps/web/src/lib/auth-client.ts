import type { GoTrueClient as AuthClient } from '@supabase/auth-js';

/** Where the browser keeps the session (localStorage key); e2e fixtures seed sessions under the same key. */
export const AUTH_STORAGE_KEY = 'callwise-auth';

/** What an e-mail link put in the address fragment when it opened this page. */
export interface AuthRedirect {
  /** The link's kind when it carried a session: `signup`, `recovery` or `email_change`. */
  type: string | null;
  /** The server's explanation when the link did not work (used, expired, ...). */
  error: string | null;
}

/** Read before the client below consumes (and clears) the fragment. */
function readAuthRedirect(): AuthRedirect {
  if (typeof window === 'undefined') return { type: null, error: null };
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return {
    type: params.get('access_token') ? params.get('type') : null,
    error: params.get('error_description') ?? (params.get('error') ? 'The link did not work.' : null),
  };
}

export const authRedirect: AuthRedirect = readAuthRedirect();

/**
 * The one auth client of the app, talking to our GoTrue-compatible server on the same origin. It keeps the
 * session in localStorage, refreshes it before it expires and picks up sessions that e-mail links put in the
 * URL fragment. The auth context and the API client both use it.
 *
 * Loaded on first use (its code is its own chunk): a visitor with no session, on a public page, never needs
 * it to see the page (see `mayHaveSession`).
 */
let client: Promise<AuthClient> | null = null;
export function loadAuthClient(): Promise<AuthClient> {
  client ??= import('@supabase/auth-js').then(
    ({ AuthClient }) =>
      new AuthClient({
        url: `${window.location.origin}/auth/v1`,
        storageKey: AUTH_STORAGE_KEY,
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        flowType: 'implicit',
      }),
  );
  return client;
}

/**
 * Whether this browser may hold a session: one is stored, or an e-mail link brought one (or its error) in the
 * address. When false the visitor is signed out, known without loading the auth client.
 */
export function mayHaveSession(): boolean {
  if (typeof window === 'undefined') return false;
  if (authRedirect.type !== null || authRedirect.error !== null) return true;
  if (/(?:^#|&)(?:access_token|error|error_description)=/.test(window.location.hash)) return true;
  try {
    return window.localStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    // Storage unavailable: the client decides.
    return true;
  }
}

/** The current session's access token (refreshed first when it is about to expire), or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  if (client === null && !mayHaveSession()) return null;
  const { data } = await (await loadAuthClient()).getSession();
  return data.session?.access_token ?? null;
}
