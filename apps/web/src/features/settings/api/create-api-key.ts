import {
  type CreateApiKeyInput,
  type CreatedApiKey,
  createdApiKeySchema,
} from '@callwise/shared/schemas/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeysQueryKey } from '@/features/settings/api/get-api-keys';
import { api } from '@/lib/api-client';

/** Creates a key; the answer carries the key itself, this once. */
export function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  return api.post('/api-keys', input, createdApiKeySchema);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    meta: { errorTitle: 'Error creating API key' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
