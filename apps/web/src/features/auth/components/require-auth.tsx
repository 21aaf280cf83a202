import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { signInPathFor } from '@/features/auth/utils/return-path';

/**
 * The guard of the signed-in workspace: a spinner while the session resolves; a visitor goes to the sign-in
 * page, which brings them back here afterwards. After the user's own Sign Out the way leads home instead. A
 * session still waiting for its two-factor code (a tab closed at that step) goes to the sign-in page's code step,
 * never into the app, whose API calls it could not make.
 */
export function RequireAuth() {
  const { status, signedOutByUser } = useAuth();
  const location = useLocation();

  if (status === 'loading') {
    return (
      <div className="flex min-h-svh items-center justify-center">
        <Spinner size="lg" label="Loading..." />
      </div>
    );
  }
  if (status === 'mfa-required') {
    return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  if (status === 'signed-out') {
    const target = signedOutByUser ? paths.home : signInPathFor(`${location.pathname}${location.search}`);
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}
