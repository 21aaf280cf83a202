import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { clearTwoFactorEnrollment, useTwoFactorEnrollmentRequired } from '@/lib/two-factor-enrollment';

/** The set-up page (the authenticator's dialog, its QR code) is its own chunk: only a member who needs it loads it. */
const TwoFactorEnrollmentPage = lazy(() => import('@/app/layouts/two-factor-enrollment-page'));

/**
 * Inside the workspace's guard: when the API has answered 403 `mfa_enrollment_required` (the business requires
 * two-factor sign-in and this member has no second factor), the set-up page stands in for the whole workspace,
 * whose calls would all be refused; once a factor is verified, the workspace comes back where the member was.
 */
export function TwoFactorEnrollmentGate() {
  const required = useTwoFactorEnrollmentRequired();
  const { user } = useAuth();
  const userId = user?.id ?? null;

  // Another user (or nobody) now: what the last one had to do is not theirs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the signed-in user changes.
  useEffect(() => clearTwoFactorEnrollment, [userId]);

  if (!required) return <Outlet />;
  return (
    <Suspense
      fallback={
        <div className="flex min-h-svh items-center justify-center">
          <Spinner size="lg" label="Loading..." />
        </div>
      }
    >
      <TwoFactorEnrollmentPage />
    </Suspense>
  );
}
