/** The value of a first-party cookie, or null when it is not set. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) return decodeURIComponent(entry.slice(prefix.length));
  }
  return null;
}

export interface CookieOptions {
  /** Lifetime in seconds. */
  maxAge: number;
  path?: string;
}

export function writeCookie(name: string, value: string, { maxAge, path = '/' }: CookieOptions): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain, non-sensitive UI preference cookie.
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${path}; max-age=${maxAge}; samesite=lax`;
}
