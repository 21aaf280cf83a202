import type { User } from '@supabase/auth-js';
import type { AuthUser, UserMetadata } from '@/features/auth/hooks/use-auth';
import { authRedirect } from '@/lib/auth-client';
import { notify } from '@/lib/notify';

/** Survives a reload of the sign-in page while the user is choosing a new password (this tab only). */
const RECOVERY_KEY = 'callwise-recovery';

/** Notes (or forgets) that this tab is choosing a new password after a recovery link. */
export function rememberRecovery(on: boolean) {
  try {
    if (on) sessionStorage.setItem(RECOVERY_KEY, '1');
    else sessionStorage.removeItem(RECOVERY_KEY);
  } catch {
    // Storage can be unavailable (private mode); the flag then lasts as long as the page.
  }
}

/** Whether this tab was choosing a new password before a reload. */
export function rememberedRecovery(): boolean {
  try {
    return sessionStorage.getItem(RECOVERY_KEY) === '1';
  } catch {
    return false;
  }
}

/** The auth client's user as the app knows it. */
export function toAuthUser(user: User): AuthUser {
  return {
    id: user.id,
    email: user.email ?? '',
    user_metadata: (user.user_metadata ?? {}) as UserMetadata,
    new_email: user.new_email ?? null,
  };
}

/** An address of this site, for the links in e-mails. */
export const siteUrl = (path: string) => `${window.location.origin}${path}`;

/** A link that did not work (used twice, expired) is reported once, and its error removed from the address. */
let redirectErrorReported = false;
export function reportRedirectError() {
  if (redirectErrorReported || !authRedirect.error) return;
  redirectErrorReported = true;
  notify.error('Sign In Error', { description: authRedirect.error });
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

/** The client empties the fragment of an e-mail link it has read, which leaves a bare "#" in the address. */
export function tidyAddress() {
  if (window.location.href.endsWith('#')) {
    window.history.replaceState(window.history.state, '', window.location.href.slice(0, -1));
  }
}
