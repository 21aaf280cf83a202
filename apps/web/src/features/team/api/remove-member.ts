import type { Member } from '@callwise/shared/schemas/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { membersQueryKey } from '@/features/team/api/get-members';
import { api, endingSessionOnPurpose } from '@/lib/api-client';
import { loadAuthClient } from '@/lib/auth-client';

/**
 * Removes a member from the account: their sessions end at once. A member's own id is leaving the account (the
 * last owner cannot: 409 last_owner).
 */
export function removeMember(id: string): Promise<null> {
  return api.delete(`/members/${encodeURIComponent(id)}`, z.null());
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Member) => removeMember(member.id),
    meta: { errorTitle: 'Error removing the member' },
    onSuccess: (_data, member) => {
      toast.success('Member removed', {
        description: `${member.name || member.email} no longer has access.`,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKey }),
  });
}

/**
 * Leaves the business (deletes oneself). The server ends the session with it, so it is forgotten here at once too,
 * before anything asks the API again with it.
 */
export function useLeaveAccount(businessName: string) {
  return useMutation({
    mutationFn: (you: Member) =>
      endingSessionOnPurpose(async () => {
        await removeMember(you.id);
        await (await loadAuthClient()).signOut({ scope: 'local' });
      }),
    meta: { errorTitle: 'Error leaving the business' },
    onSuccess: () => {
      toast.success(`You left ${businessName}`, { description: 'You have been signed out.' });
    },
  });
}
