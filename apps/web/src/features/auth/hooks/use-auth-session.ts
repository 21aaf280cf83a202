import { useQueryClient } from '@tanstack/react-query';
import {
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { AuthContextValue, AuthUser } from '@/features/auth/hooks/use-auth';
import { type Assurance, assuranceOf, needsSecondFactor } from '@/features/auth/utils/assurance';
import {
  rememberedRecovery,
  rememberRecovery,
  reportRedirectError,
  tidyAddress,
  toAuthUser,
} from '@/features/auth/utils/auth-session';
import { AUTH_STORAGE_KEY, authRedirect, loadAuthClient, mayHaveSession } from '@/lib/auth-client';

export interface AuthState {
  status: AuthContextValue['status'];
  user: AuthUser | null;
  assurance: Assurance | null;
  recovery: boolean;
  signedOutByUser: boolean;
}

/**
 * The session as the auth client tells it: loading until the client has resolved the stored session (or the one an
 * e-mail link brought), then signed in or signed out, following every event of the client. The client itself is
 * loaded only when a session may exist, when another tab signs in, or on the first action (`client()`).
 */
export function useAuthSession(): {
  state: AuthState;
  setState: Dispatch<SetStateAction<AuthState>>;
  /** Set while the user signs out, so that the sign-out is told apart from an expired session. */
  signingOut: RefObject<boolean>;
  client: () => ReturnType<typeof loadAuthClient>;
} {
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

  return { state, setState, signingOut, client };
}
