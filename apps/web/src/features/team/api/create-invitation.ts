import { type CreateInvitationInput, type Invitation, invitationSchema } from '@callwise/shared/schemas/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationsQueryKey } from '@/features/team/api/get-invitations';
import { api } from '@/lib/api-client';

/**
 * Invites someone by e-mail with a role (only an owner invites an owner). 409 already_member when the address
 * already signs in to Callwise or is already invited.
 */
export function createInvitation(input: CreateInvitationInput): Promise<Invitation> {
  return api.post('/invitations', input, invitationSchema);
}

/** The dialog tells the user itself (the server's message under the field): no toast from the error hook. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    meta: { errorTitle: 'Error sending the invitation', silentErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
