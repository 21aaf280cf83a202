import type { Invitation } from '@callwise/shared/schemas/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { invitationsQueryKey } from '@/features/team/api/get-invitations';
import { api } from '@/lib/api-client';

/** Revokes an invitation: its link stops working. */
export function revokeInvitation(id: string): Promise<null> {
  return api.delete(`/invitations/${encodeURIComponent(id)}`, z.null());
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: Invitation) => revokeInvitation(invitation.id),
    meta: { errorTitle: 'Error revoking the invitation' },
    onSuccess: (_data, invitation) => {
      toast.success('Invitation revoked', {
        description: `The link sent to ${invitation.email} no longer works.`,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
