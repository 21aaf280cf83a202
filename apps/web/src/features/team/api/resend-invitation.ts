import { type Invitation, invitationSchema } from '@callwise/shared/schemas/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { invitationsQueryKey } from '@/features/team/api/get-invitations';
import { api } from '@/lib/api-client';

/** Sends the invitation again with a new link (the old one stops working) and a new expiry. */
export function resendInvitation(id: string): Promise<Invitation> {
  return api.post(`/invitations/${encodeURIComponent(id)}/resend`, {}, invitationSchema);
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: Invitation) => resendInvitation(invitation.id),
    meta: { errorTitle: 'Error resending the invitation' },
    onSuccess: (_data, invitation) => {
      toast.success('Invitation sent again', {
        description: `${invitation.email} has a new link; the old one no longer works.`,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
