/**
 * The roles of an account's members (decision 035), from most to least trusted:
 * - owner: everything, billing and ownership included; an account has one or more;
 * - admin: everything but billing and ownership;
 * - staff: the daily work (contacts, scripts, calls, campaigns, appointments, messages), no settings, keys,
 *   billing or exports of the whole account.
 * An API key acts as an admin.
 */
export const ROLES = ['owner', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', staff: 'Staff' };

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including billing and ownership.',
  admin: 'Everything but billing and ownership.',
  staff: 'Contacts, scripts, calls, appointments and messages. No settings, keys, billing or exports.',
};

const RANK: Record<Role, number> = { owner: 3, admin: 2, staff: 1 };

/** Whether a member of `role` may do what needs at least `minimum`. */
export function roleAllows(role: Role, minimum: Role): boolean {
  return RANK[role] >= RANK[minimum];
}

/** The roles that may do what needs at least `minimum`, most trusted first. */
export function rolesAllowed(minimum: Role): Role[] {
  return ROLES.filter((role) => roleAllows(role, minimum));
}

/** How long an invitation's link works. */
export const INVITATION_LIFETIME_DAYS = 7;
