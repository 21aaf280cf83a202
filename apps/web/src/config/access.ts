import type { Role } from '@callwise/shared/roles';
import type { SettingsSectionId } from '@callwise/shared/routes';

/**
 * The role each section of Settings needs at least (decision 035), as the server's role policy allows its calls:
 * a staff member sees their own profile, notifications, password and two-factor sign-in and the team; the
 * account's settings are an admin's; billing is an owner's. A section the role cannot use is left out of the
 * sub-navigation, and its address says who can change it instead.
 */
export const SETTINGS_SECTION_ROLES: Record<SettingsSectionId, Role> = {
  profile: 'staff',
  team: 'staff',
  notifications: 'staff',
  'calling-rules': 'admin',
  texts: 'admin',
  booking: 'admin',
  assistant: 'admin',
  'do-not-call': 'admin',
  security: 'staff',
  'api-keys': 'admin',
  webhooks: 'admin',
  billing: 'owner',
  'audit-log': 'admin',
};
