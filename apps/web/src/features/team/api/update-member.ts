import { type Member, memberSchema, type UpdateMemberInput } from '@callwise/shared/schemas/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { membersQueryKey } from '@/features/team/api/get-members';
import { memberName } from '@/features/team/utils/permissions';
import { api } from '@/lib/api-client';
import { bookingSettingsQueryKey } from '@/lib/query-keys';

/**
 * Changes a member's role (only an owner gives or takes the owner role; the last owner keeps it), or whether
 * appointments are booked with them (their name in the booking settings' staff list).
 */
export function updateMember(id: string, input: UpdateMemberInput): Promise<Member> {
  return api.patch(`/members/${encodeURIComponent(id)}`, input, memberSchema);
}

const article = (role: string) => (role === 'admin' || role === 'owner' ? 'an' : 'a');

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, input }: { member: Member; input: UpdateMemberInput }) =>
      updateMember(member.id, input),
    meta: { errorTitle: 'Error changing the member' },
    onSuccess: (updated, { member, input }) => {
      const name = memberName(member);
      if (input.role !== undefined) {
        toast.success('Role changed', {
          description: `${name} is now ${article(updated.role)} ${updated.role}.`,
        });
      } else {
        toast.success(updated.bookable ? 'Takes appointments' : 'No longer takes appointments', {
          description: updated.bookable
            ? `Appointments can now be booked with ${name}.`
            : `No new appointments are booked with ${name}.`,
        });
      }
    },
    onSettled: (_data, _error, { input }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKey }),
        // The appointments' staff list is the booking settings'.
        input.bookable === undefined
          ? undefined
          : queryClient.invalidateQueries({ queryKey: bookingSettingsQueryKey }),
      ]),
  });
}
