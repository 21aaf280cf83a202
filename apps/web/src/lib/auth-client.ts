import { AuthClient } from '@supabase/auth-js';

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
 */
export const authClient = new AuthClient({
  url: `${typeof window === 'undefined' ? '' : window.location.origin}/auth/v1`,
  storageKey: AUTH_STORAGE_KEY,
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
});

/** The current session's access token (refreshed first when it is about to expire), or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  const { data } = await authClient.getSession();
  return data.session?.access_token ?? null;
}
