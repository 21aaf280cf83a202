import { PRODUCT_NAME } from '@callwise/shared/product';
import { useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LocalMailboxNotice } from '@/features/auth/components/local-mailbox-notice';
import type { ResetPasswordValues } from '@/features/auth/components/reset-password-dialog';
import { SetPasswordForm } from '@/features/auth/components/set-password-form';
import { SignInForm, type SignInValues } from '@/features/auth/components/sign-in-form';
import {
  SECOND_FACTOR_DESCRIPTION,
  type SecondFactorKind,
  TwoFactorStep,
} from '@/features/auth/components/two-factor-step';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { RETURN_PARAM, safeReturnPath } from '@/features/auth/utils/return-path';
import { errorMessage } from '@/lib/errors';
import { flowError, flowSuccess } from '@/lib/flow-toasts';

const legalLink = 'font-medium text-foreground underline underline-offset-4 hover:text-primary';

export default function LoginPage() {
  const { status, user, recovery, signIn, verifySecondFactor, signOut, resetPassword, updatePassword } =
    useAuth();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get(RETURN_PARAM)) ?? paths.home;
  // Where a signed-in user is sent from here; set before the action whose success signs them in.
  const afterAuth = useRef<string | null>(null);
  const [resetSentTo, setResetSentTo] = useState<string | null>(null);
  const [codeKind, setCodeKind] = useState<SecondFactorKind>('app');
  // The address of a code step cancelled: the sign-in form has it again.
  const [signInEmail, setSignInEmail] = useState('');

  if (status === 'loading') return <Spinner className="flex-1 py-32" size="lg" label="Loading..." />;

  // A password (or link) sign-in of a user with two-factor sign-in on: the code first, then on as below. Also where
  // the route guard sends a stored session that is still waiting for its code.
  if (status === 'mfa-required') {
    const verify = async (code: string) => {
      await verifySecondFactor(code);
      flowSuccess('sign-in', 'Welcome back!', { description: 'You have successfully signed in.' });
    };
    const cancel = async () => {
      const address = user?.email ?? '';
      try {
        await signOut();
      } catch (error) {
        flowError('sign-in', 'Sign Out Error', { description: errorMessage(error) });
        return;
      }
      setCodeKind('app');
      setSignInEmail(address);
    };
    return (
      <AuthCard title="Two-factor sign-in" description={SECOND_FACTOR_DESCRIPTION[codeKind]}>
        <TwoFactorStep kind={codeKind} onKindChange={setCodeKind} onVerify={verify} onCancel={cancel} />
      </AuthCard>
    );
  }

  if (status === 'signed-in' && recovery) {
    const setPassword = async (password: string) => {
      afterAuth.current = paths.dashboard;
      try {
        await updatePassword({ password });
      } catch (error) {
        afterAuth.current = null;
        flowError('set-password', 'Password Reset Error', { description: errorMessage(error) });
        throw error;
      }
      flowSuccess('set-password', 'Password updated', {
        description: 'Your new password is set and you are signed in.',
      });
    };
    return (
      <AuthCard
        title="Set a new password"
        description={
          <>
            Choose a new password for{' '}
            <span className="font-medium wrap-anywhere text-foreground">{user?.email}</span>.
          </>
        }
      >
        <SetPasswordForm email={user?.email ?? ''} onSubmit={setPassword} />
      </AuthCard>
    );
  }

  if (status === 'signed-in') return <Navigate to={afterAuth.current ?? returnTo} replace />;

  const handleSignIn = async ({ email, password, remember }: SignInValues) => {
    let secondFactor: boolean;
    try {
      ({ secondFactor } = await signIn(email, password, remember));
    } catch (error) {
      flowError('sign-in', 'Sign In Error', { description: errorMessage(error) });
      return;
    }
    // The code step follows; its success says welcome.
    if (secondFactor) return;
    // An earlier failed attempt's toast goes with the success.
    flowSuccess('sign-in', 'Welcome back!', { description: 'You have successfully signed in.' });
  };

  const handleResetPassword = async ({ email }: ResetPasswordValues) => {
    try {
      await resetPassword(email);
    } catch (error) {
      flowError('reset-password', 'Password Reset Error', { description: errorMessage(error) });
      throw error;
    }
    flowSuccess('reset-password', 'Password Reset Email Sent', {
      description: 'Please check your email for password reset instructions.',
    });
    setResetSentTo(email);
  };

  return (
    <AuthCard
      title="Welcome Back"
      description={`Sign in to your ${PRODUCT_NAME} account`}
      footer={
        <p className="text-center text-xs leading-relaxed text-muted-foreground">
          By signing in, you agree to our{' '}
          <Link to={paths.terms} className={legalLink}>
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to={paths.privacy} className={legalLink}>
            Privacy Policy
          </Link>
          .
        </p>
      }
    >
      {resetSentTo && <LocalMailboxNotice lead={`We sent a password reset link to ${resetSentTo}.`} />}
      <SignInForm onSubmit={handleSignIn} onResetPassword={handleResetPassword} email={signInEmail} />
    </AuthCard>
  );
}
