import { type MemberList, memberListSchema } from '@callwise/shared/schemas/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The account's members (owners first, then by name) and whether every one must use two-factor sign-in. */
export function getMembers(signal?: AbortSignal): Promise<MemberList> {
  return api.get('/members', memberListSchema, signal);
}

export const membersQueryKey = ['members'] as const;

export const membersQueryOptions = () =>
  queryOptions({
    queryKey: membersQueryKey,
    queryFn: ({ signal }) => getMembers(signal),
    meta: { errorTitle: 'Error loading the team' },
  });

export function useMembers() {
  return useQuery(membersQueryOptions());
}
