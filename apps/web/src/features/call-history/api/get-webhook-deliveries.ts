import { type WebhookDelivery, webhookDeliveryListSchema } from '@callwise/shared/schemas/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

/** How often the log is read again while a delivery is still on its way. */
const PENDING_REFRESH_MS = 2000;

/** The deliveries of a call's status changes to its callback_url, newest first. */
export async function getWebhookDeliveries(callId: string, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  return (
    await api.get(
      `/calls/${encodeURIComponent(callId)}/webhook-deliveries`,
      webhookDeliveryListSchema,
      signal,
    )
  ).data;
}

/** Under the call's own key, so that every live change of the call reads the log again too. */
export const webhookDeliveriesQueryOptions = (callId: string) =>
  queryOptions({
    queryKey: [...callsQueryKey, 'detail', callId, 'webhook-deliveries'],
    queryFn: ({ signal }) => getWebhookDeliveries(callId, signal),
    meta: { errorTitle: 'Error loading webhook deliveries' },
  });

export function useWebhookDeliveries(callId: string, options: { enabled: boolean }) {
  return useQuery({
    ...webhookDeliveriesQueryOptions(callId),
    enabled: options.enabled,
    // A delivery is sent just after the change that made it: follow it until none is pending.
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.state === 'pending') ? PENDING_REFRESH_MS : false,
  });
}
