import { paths } from '@/config/paths';

/** The query parameter of the sign-in page that holds where to go back to. */
export const RETURN_PARAM = 'next';

const origin = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

/**
 * A return path the sign-in page may follow: only a path on this site (never another origin, `//host` or a
 * backslash trick), and never the sign-in or sign-up page itself. Anything else is null.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, origin());
  } catch {
    return null;
  }
  if (url.origin !== origin()) return null;
  if (url.pathname === paths.login || url.pathname === paths.signup) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, remembering the page to return to after signing in. */
export function signInPathFor(returnTo: string): string {
  const safe = safeReturnPath(returnTo);
  if (!safe || safe === paths.home) return paths.login;
  return `${paths.login}?${new URLSearchParams({ [RETURN_PARAM]: safe })}`;
}
