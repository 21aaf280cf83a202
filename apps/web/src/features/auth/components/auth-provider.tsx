import type { User } from '@supabase/auth-js';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  AuthContext,
  type AuthContextValue,
  type AuthUser,
  type ProfileInput,
  type SignUpInput,
  type UserMetadata,
} from '@/features/auth/hooks/use-auth';
import { type Assurance, assuranceOf, needsSecondFactor } from '@/features/auth/utils/assurance';
import {
  AUTH_STORAGE_KEY,
  authRedirect,
  getAccessToken,
  loadAuthClient,
  mayHaveSession,
  setRememberMe,
} from '@/lib/auth-client';
import { browserTimeZone } from '@/lib/dates';
import { notify } from '@/lib/notify';

/** Survives a reload of the sign-in page while the user is choosing a new password (this tab only). */
const RECOVERY_KEY = 'callwise-recovery';

function rememberRecovery(on: boolean) {
  try {
    if (on) sessionStorage.setItem(RECOVERY_KEY, '1');
    else sessionStorage.removeItem(RECOVERY_KEY);
  } catch {
    // Storage can be unavailable (private mode); the flag then lasts as long as the page.
  }
}

function rememberedRecovery(): boolean {
  try {
    return sessionStorage.getItem(RECOVERY_KEY) === '1';
  } catch {
    return false;
  }
}

function toAuthUser(user: User): AuthUser {
  return {
    id: user.id,
    email: user.email ?? '',
    user_metadata: (user.user_metadata ?? {}) as UserMetadata,
    new_email: user.new_email ?? null,
  };
}

const siteUrl = (path: string) => `${window.location.origin}${path}`;

/** A link that did not work (used twice, expired) is reported once, and its error removed from the address. */
let redirectErrorReported = false;
function reportRedirectError() {
  if (redirectErrorReported || !authRedirect.error) return;
  redirectErrorReported = true;
  notify.error('Sign In Error', { description: authRedirect.error });
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

/** The client empties the fragment of an e-mail link it has read, which leaves a bare "#" in the address. */
function tidyAddress() {
  if (window.location.href.endsWith('#')) {
    window.history.replaceState(window.history.state, '', window.location.href.slice(0, -1));
  }
}

interface AuthState {
  status: AuthContextValue['status'];
  user: AuthUser | null;
  assurance: Assurance | null;
  recovery: boolean;
  signedOutByUser: boolean;
}

/**
 * Holds the session for the whole app (product spec section 4): loading until the auth client has resolved
 * the stored session (or the one an e-mail link brought), then signed in or signed out, following every event
 * of the client (sign-in, sign-out, token refresh, user update, password recovery, multi-factor verified). A
 * session at aal1 whose user has a verified factor is `mfa-required`: the sign-in page asks for the code.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(() => ({
    // A visitor without a session is known to be signed out at once, before the auth client has loaded.
    status: mayHaveSession() ? 'loading' : 'signed-out',
    user: null,
    assurance: null,
    recovery: authRedirect.type === 'recovery' || rememberedRecovery(),
    signedOutByUser: false,
  }));
  const signingOut = useRef(false);
  const currentUserId = useRef<string | null | undefined>(undefined);
  /** Set once the auth client is loaded and followed (on first need, see below). */
  const [clientWanted, setClientWanted] = useState(() => mayHaveSession());

  // The auth client is loaded when a session may exist, when another tab signs in, or on the first action.
  useEffect(() => {
    if (clientWanted) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_STORAGE_KEY && event.newValue) setClientWanted(true);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [clientWanted]);

  useEffect(() => {
    if (!clientWanted) return;
    if (authRedirect.type === 'recovery') rememberRecovery(true);
    let unsubscribe: (() => void) | null = null;
    let cancelled = false;
    void loadAuthClient().then((authClient) => {
      if (cancelled) return;
      const { data } = authClient.onAuthStateChange((event, session) => {
        // Runs inside the client's lock: only record the new state here, never call the client.
        const user = session?.user ? toAuthUser(session.user) : null;
        const userId = user?.id ?? null;
        // Server data cached for another user (or for nobody) must never show.
        if (currentUserId.current !== undefined && currentUserId.current !== userId) queryClient.clear();
        currentUserId.current = userId;
        if (event === 'PASSWORD_RECOVERY') rememberRecovery(true);
        if (!user) rememberRecovery(false);
        if (event === 'INITIAL_SESSION') reportRedirectError();
        if (event === 'SIGNED_IN' || event === 'PASSWORD_RECOVERY') tidyAddress();

        const assurance = assuranceOf(session);
        setState((current) => ({
          status: user ? (needsSecondFactor(assurance) ? 'mfa-required' : 'signed-in') : 'signed-out',
          user,
          assurance: user ? assurance : null,
          recovery: user !== null && (event === 'PASSWORD_RECOVERY' || current.recovery),
          signedOutByUser: user
            ? false
            : event === 'SIGNED_OUT'
              ? signingOut.current
              : current.signedOutByUser,
        }));
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [clientWanted, queryClient]);

  /** The auth client for an action, followed from now on. */
  const client = useCallback(() => {
    setClientWanted(true);
    return loadAuthClient();
  }, []);

  const signIn = useCallback(
    async (email: string, password: string, remember = true) => {
      // Before the sign-in stores its session: it goes to localStorage or to sessionStorage by this choice.
      setRememberMe(remember);
      const { data, error } = await (await client()).signInWithPassword({ email, password });
      if (error) throw error;
      return { secondFactor: needsSecondFactor(assuranceOf(data.session)) };
    },
    [client],
  );

  const verifySecondFactor = useCallback(
    async (code: string) => {
      const authClient = await client();
      const { data, error: listError } = await authClient.mfa.listFactors();
      if (listError) throw listError;
      const factor = data.totp[0];
      if (!factor) throw new Error('No authenticator app is set up for this account.');
      // A recovery code goes the same way as a code from the app: the server accepts either (each once).
      const { error } = await authClient.mfa.challengeAndVerify({ factorId: factor.id, code });
      if (error) throw error;
    },
    [client],
  );

  const signInWithSession = useCallback(
    async (tokens: { access_token: string; refresh_token: string }) => {
      // A new member's first session is remembered, as a sign-in with "Remember me" ticked.
      setRememberMe(true);
      const { error } = await (await client()).setSession(tokens);
      if (error) throw error;
    },
    [client],
  );

  const signUp = useCallback(
    async (input: SignUpInput) => {
      const { error } = await (await client()).signUp({
        email: input.email,
        password: input.password,
        options: {
          data: {
            first_name: input.firstName,
            last_name: input.lastName,
            business_name: input.businessName,
            // The business's time zone starts as this browser's (the server keeps it on the account).
            timezone: browserTimeZone(),
          },
          emailRedirectTo: siteUrl('/'),
        },
      });
      if (error) throw error;
    },
    [client],
  );

  const signOut = useCallback(async () => {
    signingOut.current = true;
    try {
      const { error } = await (await client()).signOut();
      if (error) throw error;
    } finally {
      signingOut.current = false;
    }
  }, [client]);

  const resetPassword = useCallback(
    async (email: string) => {
      const { error } = await (await client()).resetPasswordForEmail(email, {
        redirectTo: siteUrl('/login'),
      });
      if (error) throw error;
    },
    [client],
  );

  const updatePassword = useCallback(
    async ({ password, currentPassword }: { password: string; currentPassword?: string }) => {
      const { error } = await (await client()).updateUser(
        currentPassword === undefined ? { password } : { password, current_password: currentPassword },
      );
      if (error) throw error;
      rememberRecovery(false);
      setState((current) => ({ ...current, recovery: false }));
    },
    [client],
  );

  const updateProfile = useCallback(
    async (input: ProfileInput) => {
      const { data, error } = await (await client()).updateUser({
        data: {
          first_name: input.firstName,
          last_name: input.lastName,
          ...(input.businessName === undefined ? {} : { business_name: input.businessName }),
        },
        ...(input.email === undefined ? {} : { email: input.email }),
      });
      if (error) throw error;
      return toAuthUser(data.user);
    },
    [client],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      getAccessToken,
      signIn,
      verifySecondFactor,
      signInWithSession,
      signUp,
      signOut,
      resetPassword,
      updatePassword,
      updateProfile,
    }),
    [
      state,
      signIn,
      verifySecondFactor,
      signInWithSession,
      signUp,
      signOut,
      resetPassword,
      updatePassword,
      updateProfile,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
