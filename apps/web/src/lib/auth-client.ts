import type { GoTrueClient as AuthClient } from '@supabase/auth-js';
import { ApiError } from '@/lib/api-error';

/**
 * Where the browser keeps the session: this key in localStorage (remembered) or in sessionStorage (until the
 * browser closes); e2e fixtures seed sessions in localStorage under the same key.
 */
export const AUTH_STORAGE_KEY = 'callwise-auth';

/** The "Remember me" choice of the last sign-in, in localStorage: '1' keep the session, '0' until the browser closes. */
export const REMEMBER_ME_KEY = 'callwise-remember-me';

function storages(): { local: Storage | null; session: Storage | null } {
  const get = (name: 'localStorage' | 'sessionStorage') => {
    try {
      return typeof window === 'undefined' ? null : window[name];
    } catch {
      return null;
    }
  };
  return { local: get('localStorage'), session: get('sessionStorage') };
}

/** Whether sessions are kept across browser restarts: the last sign-in's choice; yes when none was made. */
export function rememberMe(): boolean {
  return storages().local?.getItem(REMEMBER_ME_KEY) !== '0';
}

/** Records the "Remember me" choice; the session the sign-in then stores goes where it says. */
export function setRememberMe(remember: boolean): void {
  try {
    storages().local?.setItem(REMEMBER_ME_KEY, remember ? '1' : '0');
  } catch {
    // Storage unavailable: the session stays wherever the client can keep it.
  }
}

/**
 * The auth client's storage: a session is written to localStorage when "Remember me" was ticked (or never asked:
 * e-mail links, older sessions) and to sessionStorage otherwise, and removed from the other one, so that it
 * lives in one place only; it is read from either, and removed (sign-out) from both.
 */
export const authStorage = {
  getItem(key: string): string | null {
    const { local, session } = storages();
    return session?.getItem(key) ?? local?.getItem(key) ?? null;
  },
  setItem(key: string, value: string): void {
    const { local, session } = storages();
    const [keep, drop] = rememberMe() ? [local, session] : [session, local];
    keep?.setItem(key, value);
    drop?.removeItem(key);
  },
  removeItem(key: string): void {
    const { local, session } = storages();
    local?.removeItem(key);
    session?.removeItem(key);
  },
};

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
 * session in localStorage or sessionStorage ("Remember me": `authStorage`), refreshes it before it expires and picks up sessions that e-mail links put in the
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
        storage: authStorage,
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        flowType: 'implicit',
      }),
  );
  return client;
}

/**
 * Fetches the auth client's code without starting the client, so that a signed-in user's first page does not
 * wait for it after its own code: the client itself starts when the auth provider subscribes to it (an e-mail
 * link's session in the address is then seen by its listener).
 */
export function prefetchAuthClient(): void {
  void import('@supabase/auth-js').catch(() => undefined);
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
    return authStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    // Storage unavailable: the client decides.
    return true;
  }
}

/** Set while the user signs out: no request starts with the session that is ending. */
let signingOut = false;
/** The API client's requests on their way (from asking for the token to the answer), waited for before signing out. */
const inFlight = new Set<Promise<unknown>>();
/** The longest a sign-out waits for them. */
const SIGN_OUT_WAIT_MS = 3000;

/** Counts `request` as on its way until it is answered (or fails). */
export function trackRequest<T>(request: Promise<T>): Promise<T> {
  inFlight.add(request);
  void request.catch(() => undefined).finally(() => inFlight.delete(request));
  return request;
}

/**
 * Runs `work`, which signs the user out: no request starts meanwhile (the token is held back), and those already
 * on their way are waited for first (up to 3 s), so that none is answered 401 by the session the server is ending
 * (a page still loading its cards when Sign Out is clicked). Here rather than in the API client, which the pages
 * before sign-in do not load.
 */
export async function signingOutOnPurpose<T>(work: () => Promise<T>): Promise<T> {
  signingOut = true;
  try {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise((resolve) => {
      timer = setTimeout(resolve, SIGN_OUT_WAIT_MS);
    });
    await Promise.race([Promise.allSettled([...inFlight]), waited]);
    clearTimeout(timer);
    return await work();
  } finally {
    signingOut = false;
  }
}

/**
 * The current session's access token (refreshed first when it is about to expire), or null when signed out or
 * signing out.
 */
export async function getAccessToken(): Promise<string | null> {
  if (signingOut || (client === null && !mayHaveSession())) return null;
  const { data } = await (await loadAuthClient()).getSession();
  return data.session?.access_token ?? null;
}

/**
 * A JSON request to one of our own additions to the auth API (`/auth/v1/recovery_codes`), which the auth client
 * does not know, with the session's token. Failures are thrown as ApiError with the server's code and message
 * (GoTrue's error shape, asked for in its 2024 version: `{code, message}`).
 */
export async function authRequest(path: string, method: 'GET' | 'POST' = 'GET'): Promise<unknown> {
  const token = await getAccessToken();
  if (!token) throw new ApiError(401, 'unauthorized', 'Sign in to continue.');
  let response: Response;
  try {
    response = await fetch(`/auth/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' },
    });
  } catch {
    throw new ApiError(
      0,
      'network_error',
      'Could not reach the server. Check your connection and try again.',
    );
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok) return body;
  const code = body?.error_code ?? body?.code;
  const message = body?.message ?? body?.msg;
  throw new ApiError(
    response.status,
    typeof code === 'string' ? code : 'http_error',
    typeof message === 'string' ? message : `The server answered ${response.status}.`,
  );
}
