import { PRODUCT_NAME } from '@callwise/shared/product';
import { ROLE_LABELS } from '@callwise/shared/roles';
import { invitationTokenSchema } from '@callwise/shared/schemas/team';
import { useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useInvitationPreview } from '@/features/auth/api/get-invitation-preview';
import { AuthCard } from '@/features/auth/components/auth-card';
import { DEAD_LINK_TEXT, DeadLinkActions, SignOutFirst } from '@/features/auth/components/invitation-states';
import { type DeadLink, JoinForm } from '@/features/auth/components/join-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/errors';

/** Which link a failed look-up means: a refused or malformed token, or one past its week. Null: something else. */
function deadLinkOf(error: unknown): DeadLink | null {
  if (!isApiError(error)) return null;
  if (error.code === 'link_expired' || error.status === 410) return 'expired';
  if (error.code === 'invitation_invalid' || error.status === 404 || error.status === 400) return 'invalid';
  return null;
}

function DeadLinkCard({ kind }: { kind: DeadLink }) {
  const { title, description } = DEAD_LINK_TEXT[kind];
  return (
    <AuthCard title={title} description={description}>
      <DeadLinkActions />
    </AuthCard>
  );
}

/** The invitation's details, then the form to join. */
function Invitation({ token, onJoined }: { token: string; onJoined: (business: string) => void }) {
  const { signInWithSession } = useAuth();
  const preview = useInvitationPreview(token, { enabled: true });
  const [dead, setDead] = useState<DeadLink | null>(null);

  const deadKind = dead ?? (preview.isError ? deadLinkOf(preview.error) : null);
  if (deadKind) return <DeadLinkCard kind={deadKind} />;
  if (preview.isError) {
    return (
      <div className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-12 sm:py-16">
        <LoadError
          className="w-full max-w-md"
          title="The invitation could not be loaded"
          message={errorMessage(preview.error)}
          retrying={preview.isFetching}
          onRetry={() => void preview.refetch()}
        />
      </div>
    );
  }
  if (preview.isPending) {
    return (
      <AuthCard title="Your invitation" description="Loading the invitation...">
        <div role="status" aria-label="Loading the invitation" className="grid gap-4">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      </AuthCard>
    );
  }

  const invitation = preview.data;
  return (
    <AuthCard
      title={`Join ${invitation.business_name} on ${PRODUCT_NAME}`}
      description={`${invitation.invited_by} invited you as ${ROLE_LABELS[invitation.role]}.`}
    >
      <JoinForm
        token={token}
        preview={invitation}
        onDeadLink={setDead}
        onJoined={async (session) => {
          onJoined(invitation.business_name);
          await signInWithSession(session);
          toast.success(`Welcome to ${invitation.business_name}`, {
            description: 'You have joined the team.',
          });
        }}
      />
    </AuthCard>
  );
}

/**
 * /invite?token=…, the link of an invitation e-mail (decision 035): the business, who invited you and as what;
 * your name and a password; then you are signed in and on the dashboard. A link that was used, revoked, replaced
 * or has expired says so; someone already signed in is asked to sign out first.
 */
export default function InvitePage() {
  const { status, user, signOut } = useAuth();
  const [params] = useSearchParams();
  const token = invitationTokenSchema.safeParse(params.get('token') ?? '');
  // Set when this page signs the new member in: they go on to the dashboard instead of "sign out first".
  const joined = useRef<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  if (status === 'loading') return <Spinner className="flex-1 py-32" size="lg" label="Loading..." />;

  if (status === 'signed-in' && joined.current) return <Navigate to={paths.dashboard} replace />;

  if (status !== 'signed-out') {
    const leave = async () => {
      setSigningOut(true);
      try {
        await signOut();
      } catch (error) {
        toast.error('Sign Out Error', { description: errorMessage(error) });
      } finally {
        setSigningOut(false);
      }
    };
    return (
      <AuthCard
        title="Sign out to accept this invitation"
        description={
          <>
            You are signed in as{' '}
            <span className="font-medium wrap-anywhere text-foreground">{user?.email}</span>. An invitation is
            accepted with the address it was sent to: sign out first, and this page then shows the invitation.
          </>
        }
      >
        <SignOutFirst signingOut={signingOut} onSignOut={() => void leave()} />
      </AuthCard>
    );
  }

  if (!token.success) return <DeadLinkCard kind="invalid" />;
  return (
    <Invitation
      token={token.data}
      onJoined={(business) => {
        joined.current = business;
      }}
    />
  );
}
