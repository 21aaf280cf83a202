import { type InvitationPreview, invitationPreviewSchema } from '@callwise/shared/schemas/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRequest } from '@/lib/public-api';

/**
 * What an invitation's link is for (the business, the address, the role, who sent it), without signing in: the
 * token is the credential. 404 invitation_invalid (used, revoked or replaced), 410 link_expired.
 */
export function getInvitationPreview(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  return publicRequest(`/invitation?${new URLSearchParams({ token })}`, invitationPreviewSchema, {
    method: 'GET',
    signal,
  });
}

export const invitationPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => getInvitationPreview(token, signal),
    // The page says what went wrong itself.
    meta: { silentErrors: true },
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useInvitationPreview(token: string, options: { enabled: boolean }) {
  return useQuery({ ...invitationPreviewQueryOptions(token), enabled: options.enabled });
}
