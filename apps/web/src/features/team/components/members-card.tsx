import type { Role } from '@callwise/shared/roles';
import type { Member } from '@callwise/shared/schemas/team';
import { LogOutIcon, RotateCwIcon, UsersIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMembers } from '@/features/team/api/get-members';
import { useLeaveAccount, useRemoveMember } from '@/features/team/api/remove-member';
import { useTransferOwnership } from '@/features/team/api/transfer-ownership';
import { useUpdateMember } from '@/features/team/api/update-member';
import { MemberRow } from '@/features/team/components/member-row';
import { memberName } from '@/features/team/utils/permissions';
import { errorMessage } from '@/lib/errors';

type Confirm = { kind: 'remove' | 'transfer' | 'leave'; member: Member };

/** What each confirmation asks, about whom. */
function confirmText({ kind, member }: Confirm, business: string) {
  const name = memberName(member);
  switch (kind) {
    case 'remove':
      return {
        title: `Remove ${name}?`,
        description: `They are signed out at once and lose access to ${business}.`,
        confirmLabel: 'Remove',
      };
    case 'transfer':
      return {
        title: `Make ${name} the owner?`,
        description: `${name} becomes an owner of ${business}, with its billing and ownership, and you become an admin.`,
        confirmLabel: 'Make owner',
      };
    case 'leave':
      return {
        title: `Leave ${business}?`,
        description: `You are signed out at once and lose access to ${business}. To come back, an owner or admin must invite you again.`,
        confirmLabel: 'Leave',
      };
  }
}

function MembersSkeleton() {
  return (
    <div role="status" aria-label="Loading members" className="@container divide-y border-y">
      {['a', 'b', 'c'].map((key) => (
        <div
          key={key}
          className="grid gap-2 py-4 @3xl:grid-cols-[minmax(0,1fr)_9.5rem_12.5rem_13rem] @3xl:gap-4"
        >
          <div className="grid gap-1.5">
            <Skeleton className="h-4 w-40 max-w-full" />
            <Skeleton className="h-3.5 w-56 max-w-full" />
          </div>
          <Skeleton className="h-9 w-36" />
          <Skeleton className="h-5 w-28" />
        </div>
      ))}
    </div>
  );
}

export interface MembersCardProps {
  /** The caller's role in the business. */
  role: Role;
  businessName: string;
  /** You left the business, and are signed out: the way to the sign-in page. */
  onLeft: () => void;
}

/**
 * Settings → Team → Members: everyone who signs in to the business, with their role (changed here by whoever may),
 * two-factor sign-in and last sign-in; Remove, Make owner (an owner's) and, for yourself, Leave — each confirmed.
 * A refusal (the last owner, a role that may not) comes back as a toast with the server's words.
 */
export function MembersCard({ role, businessName, onLeft }: MembersCardProps) {
  const members = useMembers();
  const change = useUpdateMember();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const leave = useLeaveAccount(businessName);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [confirming, setConfirming] = useState(false);
  const ask = (kind: Confirm['kind'], member: Member) => {
    setConfirm({ kind, member });
    setConfirming(true);
  };
  const you = members.data?.data.find((member) => member.is_you);
  // The business needs an owner: its only one cannot leave (the server refuses too, 409 last_owner).
  const onlyOwner =
    you?.role === 'owner' && members.data?.data.filter((member) => member.role === 'owner').length === 1;

  const act = () => {
    if (!confirm) return;
    if (confirm.kind === 'remove') remove.mutate(confirm.member);
    else if (confirm.kind === 'transfer') transfer.mutate(confirm.member);
    else leave.mutate(confirm.member, { onSuccess: onLeft });
  };

  let content: ReactNode;
  if (members.isPending) {
    content = <MembersSkeleton />;
  } else if (members.isError) {
    content = (
      <div
        role="alert"
        className="flex flex-col gap-3 rounded-lg border border-destructive/30 p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="text-sm text-destructive">
          The members could not be loaded. {errorMessage(members.error)}
        </p>
        <Button variant="outline" onClick={() => void members.refetch()} disabled={members.isFetching}>
          <RotateCwIcon aria-hidden="true" className={members.isFetching ? 'animate-spin' : undefined} />
          {members.isFetching ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    );
  } else if (members.data.data.length === 0) {
    content = <p className="text-sm text-muted-foreground">No members yet.</p>;
  } else {
    content = (
      <ul aria-label="Members" className="@container -my-4 divide-y">
        {members.data.data.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            caller={role}
            twoFactorRequired={members.data.require_two_factor}
            pendingRole={
              change.isPending && change.variables.member.id === member.id
                ? (change.variables.input.role ?? null)
                : null
            }
            pendingBookable={
              change.isPending && change.variables.member.id === member.id
                ? (change.variables.input.bookable ?? null)
                : null
            }
            onRoleChange={(role) => change.mutate({ member, input: { role } })}
            onBookableChange={(bookable) => change.mutate({ member, input: { bookable } })}
            onRemove={() => ask('remove', member)}
            onTransfer={() => ask('transfer', member)}
          />
        ))}
      </ul>
    );
  }

  const text = confirm ? confirmText(confirm, businessName) : null;
  return (
    <Card aria-labelledby="members-heading" data-testid="members-card">
      <CardHeader>
        <CardTitle as="h3" id="members-heading" className="flex items-center gap-2">
          <UsersIcon aria-hidden="true" className="size-4 text-primary" />
          Members
        </CardTitle>
        <CardDescription>
          Everyone who signs in to {businessName}
          {members.data ? ` (${members.data.data.length})` : ''}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">{content}</CardContent>
      {you && (
        <CardFooter className="flex-col items-stretch gap-2 border-t pt-6 sm:flex-row sm:items-center">
          <Button
            variant="outline"
            className="h-auto min-h-9 w-full whitespace-normal text-destructive wrap-anywhere hover:text-destructive sm:w-auto"
            onClick={() => ask('leave', you)}
            disabled={leave.isPending || onlyOwner}
            aria-describedby={onlyOwner ? 'leave-hint' : undefined}
          >
            <LogOutIcon aria-hidden="true" />
            {leave.isPending ? 'Leaving...' : `Leave ${businessName}`}
          </Button>
          {onlyOwner && (
            <p id="leave-hint" className="text-[0.8125rem] text-muted-foreground">
              You are its only owner: make another member an owner before you leave.
            </p>
          )}
        </CardFooter>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text?.title ?? ''}
        description={text?.description ?? ''}
        confirmLabel={text?.confirmLabel ?? 'Confirm'}
        onConfirm={act}
      />
    </Card>
  );
}
