import { z } from 'zod';
import { ROLES } from '../roles.ts';

export const roleSchema = z.enum(ROLES).describe('owner, admin or staff');

export const memberSchema = z.object({
  id: z.uuid().describe('The member’s user id'),
  email: z.email().describe('Their e-mail address'),
  name: z.string().describe('Their name (first and last), or empty when not given'),
  role: roleSchema.describe('Their role: owner, admin or staff'),
  is_you: z.boolean().describe('Whether this member is the caller'),
  two_factor: z.boolean().describe('Whether they sign in with a second factor'),
  bookable: z
    .boolean()
    .describe(
      'Whether appointments are booked with them: they are in the booking settings’ staff list by their name, bookable',
    ),
  last_sign_in_at: z.iso.datetime().nullable().describe('When they last signed in; null when never'),
  joined_at: z.iso.datetime().describe('When they joined the account'),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListSchema = z.object({
  data: z.array(memberSchema).describe('The account’s members, owners first, then by name'),
  require_two_factor: z
    .boolean()
    .describe('Whether every member must sign in with a second factor (set by an owner)'),
});
export type MemberList = z.infer<typeof memberListSchema>;

export const updateMemberInputSchema = z
  .object({
    role: roleSchema
      .optional()
      .describe('The new role. Only an owner gives or takes the owner role; the last owner keeps it.'),
    bookable: z
      .boolean()
      .optional()
      .describe(
        'Whether appointments are booked with them: adds them (by name) to the booking settings’ staff list, or marks them not bookable there',
      ),
  })
  .strict()
  .refine(
    (input) => input.role !== undefined || input.bookable !== undefined,
    'Give a role, bookable, or both.',
  );
export type UpdateMemberInput = z.infer<typeof updateMemberInputSchema>;

export const teamSecurityInputSchema = z
  .object({
    require_two_factor: z
      .boolean()
      .describe(
        'Whether every member must sign in with a second factor: a member without one is sent to set it up after signing in',
      ),
  })
  .strict();
export type TeamSecurityInput = z.infer<typeof teamSecurityInputSchema>;

export const invitationSchema = z.object({
  id: z.uuid().describe('The invitation’s id'),
  email: z.email().describe('Who is invited'),
  role: roleSchema.describe('The role they get when they join'),
  invited_by: z.string().describe('The e-mail address of who invited them'),
  expires_at: z.iso.datetime().describe('When the link stops working (7 days after it was sent)'),
  sent_at: z.iso.datetime().describe('When the link was last sent'),
  created_at: z.iso.datetime().describe('When they were first invited'),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.object({
  data: z
    .array(invitationSchema)
    .describe('The invitations not yet accepted, revoked or expired, newest first'),
});

export const createInvitationInputSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email('Enter a valid e-mail address.'))
      .describe('The e-mail address to invite'),
    role: roleSchema.describe('The role they get. Only an owner invites an owner.'),
  })
  .strict();
export type CreateInvitationInput = z.infer<typeof createInvitationInputSchema>;

/** What the invitation's page shows before the invitee joins (the link's token is the credential). */
export const invitationPreviewSchema = z.object({
  business_name: z.string().describe('The business the invitation is to'),
  email: z.email().describe('Who is invited: they join with this address'),
  role: roleSchema.describe('The role they get'),
  invited_by: z.string().describe('Who invited them (their name, or e-mail address)'),
  expires_at: z.iso.datetime().describe('When the link stops working'),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const invitationTokenSchema = z
  .string()
  .trim()
  .min(20, 'This invitation link is incomplete.')
  .max(200)
  .describe('The token from the invitation’s link');

export const acceptInvitationInputSchema = z
  .object({
    token: invitationTokenSchema,
    password: z.string().min(1, 'Enter a password.').max(200).describe('The password to sign in with'),
    first_name: z.string().trim().min(1, 'Enter your first name.').max(100).describe('First name'),
    last_name: z.string().trim().max(100).default('').describe('Last name'),
  })
  .strict();
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInputSchema>;
