import { type ReactNode, useCallback, useMemo } from 'react';
import {
  AuthContext,
  type AuthContextValue,
  type ProfileInput,
  type SignUpInput,
} from '@/features/auth/hooks/use-auth';
import { useAuthSession } from '@/features/auth/hooks/use-auth-session';
import { assuranceOf, needsSecondFactor } from '@/features/auth/utils/assurance';
import { rememberRecovery, siteUrl, toAuthUser } from '@/features/auth/utils/auth-session';
import { getAccessToken, setRememberMe, signingOutOnPurpose } from '@/lib/auth-client';
import { browserTimeZone } from '@/lib/dates';

/**
 * Holds the session for the whole app (product spec section 4): loading until the auth client has resolved
 * the stored session (or the one an e-mail link brought), then signed in or signed out, following every event
 * of the client (sign-in, sign-out, token refresh, user update, password recovery, multi-factor verified). A
 * session at aal1 whose user has a verified factor is `mfa-required`: the sign-in page asks for the code.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { state, setState, signingOut, client } = useAuthSession();

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
      const authClient = await client();
      const { error } = await signingOutOnPurpose(() => authClient.signOut());
      if (error) throw error;
    } finally {
      signingOut.current = false;
    }
  }, [client, signingOut]);

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
    [client, setState],
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
