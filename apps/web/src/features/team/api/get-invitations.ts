import { type Invitation, invitationListSchema } from '@callwise/shared/schemas/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The invitations not yet accepted, revoked or expired, newest first (an admin's or owner's). */
export async function getInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  return (await api.get('/invitations', invitationListSchema, signal)).data;
}

export const invitationsQueryKey = ['invitations'] as const;

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: invitationsQueryKey,
    queryFn: ({ signal }) => getInvitations(signal),
    meta: { errorTitle: 'Error loading invitations' },
  });

export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}
