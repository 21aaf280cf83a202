import { type UnsubscribeState, unsubscribeStateSchema } from '@callwise/shared/schemas/consent';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { publicRequest } from '@/lib/public-api';

// The customer's unsubscribe page (no account: the link's token is the key). Errors are shown on the page itself.

const base = (token: string) => `/unsubscribe/${encodeURIComponent(token)}`;

export const unsubscribeQueryKey = (token: string) => ['unsubscribe', token] as const;

/** Whose messages the link stops, and whether they are stopped already. Reading it changes nothing. */
export function useUnsubscribeState(token: string) {
  return useQuery({
    queryKey: unsubscribeQueryKey(token),
    queryFn: ({ signal }) => publicRequest(base(token), unsubscribeStateSchema, { method: 'GET', signal }),
    meta: { silentErrors: true },
    staleTime: 0,
  });
}

/** Stops every call, text and e-mail from the business (doing it again changes nothing). */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<UnsubscribeState> =>
      publicRequest(base(token), unsubscribeStateSchema, { method: 'POST' }),
    meta: { silentErrors: true },
    onSuccess: (state) => queryClient.setQueryData(unsubscribeQueryKey(token), state),
  });
}
