import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { AuthContext, type AuthContextValue, type AuthUser } from '@/features/auth/hooks/use-auth';

interface AuthState {
  status: AuthContextValue['status'];
  user: AuthUser | null;
}

/**
 * Holds the session for the whole app. There is no session source yet, so the state is signed out from the
 * start; the accounts work connects it to the GoTrue-compatible auth client.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'signed-out', user: null });

  const signOut = useCallback(async () => {
    setState({ status: 'signed-out', user: null });
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ status: state.status, user: state.user, signOut }),
    [state, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
