import { ROLE_LABELS, type Role } from '@callwise/shared/roles';
import type { Member } from '@callwise/shared/schemas/team';
import { CrownIcon, ShieldAlertIcon, ShieldCheckIcon, ShieldOffIcon, UserMinusIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import {
  assignableRoles,
  mayManageBookings,
  mayRemove,
  mayTransferOwnership,
  memberName,
} from '@/features/team/utils/permissions';
import { formatDateTime, formatTimeAgo } from '@/lib/dates';

/** Owner, admin and staff badges: the owner stands out, staff stay quiet. */
const ROLE_BADGE = { owner: 'default', admin: 'secondary', staff: 'neutral' } as const;

export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={ROLE_BADGE[role]}>{ROLE_LABELS[role]}</Badge>;
}

/** Whether the member signs in with a second factor; when the account requires one, a missing one stands out. */
function TwoFactorBadge({ on, required }: { on: boolean; required: boolean }) {
  if (on) {
    return (
      <Badge variant="success">
        <ShieldCheckIcon aria-hidden="true" />
        Two-factor on
      </Badge>
    );
  }
  return required ? (
    <Badge variant="warning">
      <ShieldAlertIcon aria-hidden="true" />
      Two-factor not set up
    </Badge>
  ) : (
    <Badge variant="neutral">
      <ShieldOffIcon aria-hidden="true" />
      Two-factor off
    </Badge>
  );
}

function LastSignIn({ at }: { at: string | null }) {
  if (!at) return <span className="text-muted-foreground">Never signed in</span>;
  return (
    <span className="text-muted-foreground">
      Signed in{' '}
      <time dateTime={at} title={formatDateTime(at)}>
        {formatTimeAgo(at)}
      </time>
    </span>
  );
}

export interface MemberRowProps {
  member: Member;
  /** The caller's role: what they may change here. */
  caller: Role;
  /** The account requires two-factor sign-in. */
  twoFactorRequired: boolean;
  /** The role being given to this member, while the change is on its way. */
  pendingRole: Role | null;
  /** Whether they are being made bookable (or not), while the change is on its way. */
  pendingBookable: boolean | null;
  onRoleChange: (role: Role) => void;
  onBookableChange: (bookable: boolean) => void;
  onRemove: () => void;
  onTransfer: () => void;
}

/**
 * One member: name and e-mail address (and "You"), their role (a select for whoever may change it), whether they
 * use two-factor sign-in, when they last signed in, whether appointments are booked with them (a switch for owners
 * and admins), and Make owner and Remove where the caller may. Stacked in a narrow card, one row in a wide one.
 */
export function MemberRow({
  member,
  caller,
  twoFactorRequired,
  pendingRole,
  pendingBookable,
  onRoleChange,
  onBookableChange,
  onRemove,
  onTransfer,
}: MemberRowProps) {
  const name = memberName(member);
  const roles = assignableRoles(caller, member);
  const selectId = `member-role-${member.id}`;
  const bookableId = `member-bookable-${member.id}`;
  const removable = mayRemove(caller, member);
  const transferable = mayTransferOwnership(caller, member);

  return (
    <li
      className="grid gap-3 py-4 @3xl:grid-cols-[minmax(0,1fr)_9.5rem_12.5rem_13rem] @3xl:items-center @3xl:gap-4"
      data-testid="member"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="wrap-anywhere">{name}</span>
          {member.is_you && <Badge variant="outline">You</Badge>}
        </p>
        {member.name.trim() && (
          <p className="text-[0.8125rem] wrap-anywhere text-muted-foreground">{member.email}</p>
        )}
      </div>

      <div className="flex items-center gap-2">
        {roles ? (
          <NativeSelect
            id={selectId}
            aria-label={`Role for ${name}`}
            value={pendingRole ?? member.role}
            disabled={pendingRole !== null}
            className="max-w-48 @3xl:max-w-none"
            onChange={(event) => onRoleChange(event.target.value as Role)}
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <>
            <span className="sr-only">Role:</span>
            <RoleBadge role={member.role} />
          </>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-[0.8125rem] @3xl:grid @3xl:justify-items-start">
        <TwoFactorBadge on={member.two_factor} required={twoFactorRequired} />
        <LastSignIn at={member.last_sign_in_at} />
        {mayManageBookings(caller) ? (
          <span className="flex basis-full items-center gap-2">
            <Switch
              id={bookableId}
              checked={pendingBookable ?? member.bookable}
              disabled={pendingBookable !== null}
              onCheckedChange={onBookableChange}
            />
            <Label htmlFor={bookableId} className="text-[0.8125rem] font-normal">
              Takes appointments<span className="sr-only"> ({name})</span>
            </Label>
          </span>
        ) : member.bookable ? (
          <span className="text-muted-foreground">Takes appointments</span>
        ) : null}
      </div>

      <div className="flex flex-col gap-2 sm:flex-row @3xl:justify-end">
        {transferable && (
          <Button
            variant="outline"
            size="sm"
            onClick={onTransfer}
            aria-label={`Make owner: ${name}`}
            className="w-full sm:w-auto"
          >
            <CrownIcon aria-hidden="true" />
            Make owner
          </Button>
        )}
        {removable && (
          <Button
            variant="outline"
            size="sm"
            onClick={onRemove}
            aria-label={`Remove ${name}`}
            className="w-full sm:w-auto"
          >
            <UserMinusIcon aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}
