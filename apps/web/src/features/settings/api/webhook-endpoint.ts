import { type WebhookEndpoint, webhookEndpointSchema } from '@callwise/shared/schemas/webhooks';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Where the account's appointment events are posted (null: nowhere). */
export function getWebhookEndpoint(signal?: AbortSignal): Promise<WebhookEndpoint> {
  return api.get('/webhooks/endpoint', webhookEndpointSchema, signal);
}

export const webhookEndpointQueryKey = ['webhook-endpoint'] as const;

export const webhookEndpointQueryOptions = () =>
  queryOptions({
    queryKey: webhookEndpointQueryKey,
    queryFn: ({ signal }) => getWebhookEndpoint(signal),
    meta: { errorTitle: 'Error loading the webhook URL' },
  });

export function useWebhookEndpoint() {
  return useQuery(webhookEndpointQueryOptions());
}

/** Sets or clears the URL; the form shows a refusal under its field (no toast for it). */
export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string | null) => api.put('/webhooks/endpoint', { url }, webhookEndpointSchema),
    meta: { silentErrors: true },
    onSuccess: (endpoint) => queryClient.setQueryData(webhookEndpointQueryKey, endpoint),
  });
}
