import { useSyncExternalStore } from 'react';

// The business requires two-factor sign-in and this member has no second factor yet: the API refuses them
// (403 `mfa_enrollment_required`) until they set one up. The API client notes it here; the workspace then shows the
// set-up page instead of itself, and the page clears it once a factor is verified.

let required = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (required === value) return;
  required = value;
  for (const listener of listeners) listener();
}

/** The API refused this session until it sets up a second factor. */
export function requireTwoFactorEnrollment(): void {
  set(true);
}

/** A second factor is verified (or another user signed in): the workspace opens again. */
export function clearTwoFactorEnrollment(): void {
  set(false);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether the member must set up a second factor before anything else; re-renders when that changes. */
export function useTwoFactorEnrollmentRequired(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => required,
    () => false,
  );
}
