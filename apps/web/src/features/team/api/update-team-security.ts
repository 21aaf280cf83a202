import { type MemberList, memberListSchema } from '@callwise/shared/schemas/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { membersQueryKey } from '@/features/team/api/get-members';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/query-keys';

/** PUT answers the setting as it now is. */
const answerSchema = memberListSchema.pick({ require_two_factor: true });

/** Turns the account's two-factor requirement on or off (an owner's). */
export function updateTeamSecurity(requireTwoFactor: boolean) {
  return api.put('/members/security', { require_two_factor: requireTwoFactor }, answerSchema);
}

/** The switch moves at once (optimistic) and moves back, with an error toast, when the server refuses. */
export function useUpdateTeamSecurity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeamSecurity,
    meta: { errorTitle: 'Error changing two-factor sign-in' },
    onMutate: async (requireTwoFactor) => {
      await queryClient.cancelQueries({ queryKey: membersQueryKey });
      const previous = queryClient.getQueryData<MemberList>(membersQueryKey);
      queryClient.setQueryData<MemberList>(membersQueryKey, (list) =>
        list ? { ...list, require_two_factor: requireTwoFactor } : list,
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(membersQueryKey, context.previous);
    },
    onSuccess: ({ require_two_factor }) => {
      toast.success(require_two_factor ? 'Two-factor sign-in required' : 'Two-factor sign-in optional', {
        description: require_two_factor
          ? 'Members without a second factor set one up when they next sign in.'
          : 'Each member chooses whether to use a second factor.',
      });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
