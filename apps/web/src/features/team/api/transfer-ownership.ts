import { type Member, memberListSchema } from '@callwise/shared/schemas/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { membersQueryKey } from '@/features/team/api/get-members';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/query-keys';

const transferredSchema = memberListSchema.pick({ data: true });

/** Makes another member the owner; the caller (an owner) becomes an admin. Answers the members as they now are. */
export function transferOwnership(id: string): Promise<z.infer<typeof transferredSchema>> {
  return api.post(`/members/${encodeURIComponent(id)}/transfer-ownership`, {}, transferredSchema);
}

export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Member) => transferOwnership(member.id),
    meta: { errorTitle: 'Error transferring ownership' },
    onSuccess: (_data, member) => {
      toast.success('Ownership transferred', {
        description: `${member.name || member.email} is now an owner, and you are an admin.`,
      });
    },
    // Your own role changed too: what the app shows you follows /v1/me.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
