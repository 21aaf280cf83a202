import type { Role } from '@callwise/shared/roles';
import type { Invitation } from '@callwise/shared/schemas/team';
import { MailIcon, MailPlusIcon, RotateCwIcon, SendIcon, XIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useInvitations } from '@/features/team/api/get-invitations';
import { useResendInvitation } from '@/features/team/api/resend-invitation';
import { useRevokeInvitation } from '@/features/team/api/revoke-invitation';
import { InviteMemberDialog } from '@/features/team/components/invite-member-dialog';
import { RoleBadge } from '@/features/team/components/member-row';
import { formatDateTime, formatTimeAgo } from '@/lib/dates';
import { errorMessage } from '@/lib/errors';

/** "Expires in 6 days", "Expires tomorrow"; the exact moment in its title. */
function Expiry({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      Expires {formatTimeAgo(at)}
    </time>
  );
}

function InvitationRow({
  invitation,
  resending,
  onResend,
  onRevoke,
}: {
  invitation: Invitation;
  resending: boolean;
  onResend: () => void;
  onRevoke: () => void;
}) {
  return (
    <li
      className="grid gap-3 py-4 @3xl:grid-cols-[minmax(0,1fr)_auto] @3xl:items-center @3xl:gap-4"
      data-testid="invitation"
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="wrap-anywhere">{invitation.email}</span>
          <RoleBadge role={invitation.role} />
        </p>
        <p className="text-[0.8125rem] text-muted-foreground">
          <span className="wrap-anywhere">Invited by {invitation.invited_by}</span>
          <span aria-hidden="true"> · </span>
          <Expiry at={invitation.expires_at} />
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row @3xl:justify-end">
        <Button
          variant="outline"
          size="sm"
          className="w-full sm:w-auto"
          onClick={onResend}
          disabled={resending}
          aria-label={`Resend the invitation to ${invitation.email}`}
        >
          <SendIcon aria-hidden="true" />
          {resending ? 'Sending...' : 'Resend'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="w-full sm:w-auto"
          onClick={onRevoke}
          aria-label={`Revoke the invitation to ${invitation.email}`}
        >
          <XIcon aria-hidden="true" />
          Revoke
        </Button>
      </div>
    </li>
  );
}

/**
 * Settings → Team → Invitations (an owner's or admin's): Invite member, and the invitations still pending with
 * their role, who sent them and when their link expires; Resend (a new link) and Revoke (confirmed).
 */
export function InvitationsCard({ role, businessName }: { role: Role; businessName: string }) {
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [confirming, setConfirming] = useState(false);

  let content: ReactNode;
  if (invitations.isPending) {
    content = (
      <div role="status" aria-label="Loading invitations" className="grid gap-3">
        <Skeleton className="h-4 w-64 max-w-full" />
        <Skeleton className="h-4 w-48 max-w-full" />
      </div>
    );
  } else if (invitations.isError) {
    content = (
      <div
        role="alert"
        className="flex flex-col gap-3 rounded-lg border border-destructive/30 p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="text-sm text-destructive">
          The invitations could not be loaded. {errorMessage(invitations.error)}
        </p>
        <Button
          variant="outline"
          onClick={() => void invitations.refetch()}
          disabled={invitations.isFetching}
        >
          <RotateCwIcon aria-hidden="true" className={invitations.isFetching ? 'animate-spin' : undefined} />
          {invitations.isFetching ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    );
  } else if (invitations.data.length === 0) {
    content = (
      <div className="flex items-start gap-3 rounded-lg border border-dashed p-4 text-sm">
        <MailIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <p className="text-muted-foreground">
          No pending invitations. Invite a colleague by e-mail: they choose their own name and password.
        </p>
      </div>
    );
  } else {
    content = (
      <ul aria-label="Pending invitations" className="@container -my-4 divide-y">
        {invitations.data.map((invitation) => (
          <InvitationRow
            key={invitation.id}
            invitation={invitation}
            resending={resend.isPending && resend.variables.id === invitation.id}
            onResend={() => resend.mutate(invitation)}
            onRevoke={() => {
              setRevoking(invitation);
              setConfirming(true);
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <Card aria-labelledby="invitations-heading" data-testid="invitations-card">
      <CardHeader className="has-data-[slot=card-action]:grid-cols-1 sm:has-data-[slot=card-action]:grid-cols-[1fr_auto]">
        <CardTitle as="h3" id="invitations-heading" className="flex items-center gap-2">
          <MailPlusIcon aria-hidden="true" className="size-4 text-primary" />
          Invitations
        </CardTitle>
        <CardDescription>People invited to join {businessName} who have not joined yet.</CardDescription>
        <CardAction className="col-start-1 row-span-1 row-start-3 mt-2 w-full justify-self-stretch sm:col-start-2 sm:row-span-2 sm:row-start-1 sm:mt-0 sm:w-auto sm:justify-self-end">
          <Button className="w-full sm:w-auto" onClick={() => setInviting(true)}>
            <MailPlusIcon aria-hidden="true" />
            Invite member
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">{content}</CardContent>

      <InviteMemberDialog
        open={inviting}
        onOpenChange={setInviting}
        caller={role}
        businessName={businessName}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Revoke the invitation to ${revoking?.email ?? ''}?`}
        description="The link in their e-mail stops working. You can invite them again later."
        confirmLabel="Revoke"
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </Card>
  );
}
