import { type WebhookSecret, webhookSecretSchema } from '@callwise/shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookSecretQueryKey } from '@/features/settings/api/get-webhook-secret';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/** Replaces the signing secret; the answer is the new one. */
export function rotateWebhookSecret(): Promise<WebhookSecret> {
  return api.post('/webhooks/secret/rotate', {}, webhookSecretSchema);
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    meta: { errorTitle: 'Error rotating the webhook secret' },
    onSuccess: (secret) => {
      queryClient.setQueryData(webhookSecretQueryKey, secret);
      notify.success('Webhook secret rotated', {
        description: 'Deliveries are signed with the new secret from now on. Update your receivers.',
      });
    },
  });
}
