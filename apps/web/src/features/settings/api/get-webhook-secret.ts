import { type WebhookSecret, webhookSecretSchema } from '@callwise/shared/schemas/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The account's webhook signing secret (made by the server on first use). */
export function getWebhookSecret(signal?: AbortSignal): Promise<WebhookSecret> {
  return api.get('/webhooks/secret', webhookSecretSchema, signal);
}

export const webhookSecretQueryKey = ['webhook-secret'] as const;

export const webhookSecretQueryOptions = () =>
  queryOptions({
    queryKey: webhookSecretQueryKey,
    queryFn: ({ signal }) => getWebhookSecret(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorTitle: 'Error loading the webhook secret' },
  });

export function useWebhookSecret() {
  return useQuery(webhookSecretQueryOptions());
}
