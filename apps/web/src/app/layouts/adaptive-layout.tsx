import { lazy, Suspense } from 'react';
import { PageLoader } from '@/app/layouts/page-loader';
import { PublicLayout } from '@/app/layouts/public-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';

const WorkspaceLayout = lazy(async () => ({
  default: (await import('@/app/layouts/workspace-layout')).WorkspaceLayout,
}));

/**
 * A page for everyone: inside the workspace for a signed-in user, with the public header for a visitor (and for
 * a sign-in still waiting for its two-factor code, which the workspace's API calls would refuse).
 */
export function AdaptiveLayout() {
  const { status } = useAuth();
  if (status === 'loading') return <PageLoader />;
  if (status !== 'signed-in') return <PublicLayout />;
  return (
    <Suspense fallback={<PageLoader />}>
      <WorkspaceLayout />
    </Suspense>
  );
}
