import { ROLES, type Role } from '@callwise/shared/roles';
import type { Member } from '@callwise/shared/schemas/team';

// What the caller may do to a member of their business, as the server allows it (decision 035): an admin manages
// admins and staff, an owner everyone; only an owner gives or takes the owner role or hands ownership over. The
// server checks again (403 forbidden_role, 409 last_owner).

/** How a member is named on screen: their name, else their e-mail address. */
export const memberName = (member: Pick<Member, 'name' | 'email'>) => member.name.trim() || member.email;

/** The roles the caller may give this member (the role select's options), or null: the role is only shown. */
export function assignableRoles(caller: Role, member: Member): Role[] | null {
  if (member.is_you) return null;
  if (caller === 'owner') return [...ROLES];
  if (caller === 'admin' && member.role !== 'owner') return ROLES.filter((role) => role !== 'owner');
  return null;
}

/** Whether the caller may remove this member (yourself: Leave instead). */
export function mayRemove(caller: Role, member: Member): boolean {
  if (member.is_you) return false;
  return caller === 'owner' || (caller === 'admin' && member.role !== 'owner');
}

/** Whether the caller may make this member the owner in their place (they become an admin). */
export function mayTransferOwnership(caller: Role, member: Member): boolean {
  return caller === 'owner' && !member.is_you && member.role !== 'owner';
}

/** Whether the caller may say who takes appointments (anyone's, their own included). */
export const mayManageBookings = (caller: Role) => caller !== 'staff';

/** Whether the caller may invite people, see the invitations and resend or revoke them. */
export const mayInvite = (caller: Role) => caller !== 'staff';

/** The roles the caller may invite someone with: only an owner invites an owner. */
export function invitableRoles(caller: Role): Role[] {
  if (caller === 'owner') return [...ROLES];
  if (caller === 'admin') return ROLES.filter((role) => role !== 'owner');
  return [];
}
