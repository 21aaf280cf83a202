import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { signInPathFor } from '@/features/auth/utils/return-path';

/**
 * The guard of the signed-in workspace: a spinner while the session resolves; a visitor goes to the sign-in
 * page, which brings them back here afterwards. After the user's own Sign Out the way leads home instead.
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
  if (status === 'signed-out') {
    const target = signedOutByUser ? paths.home : signInPathFor(`${location.pathname}${location.search}`);
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}
