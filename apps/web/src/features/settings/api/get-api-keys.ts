import { type ApiKey, apiKeyListSchema } from '@callwise/shared/schemas/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The account's active API keys (name, prefix, created, last used): never the keys themselves. */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return (await api.get('/api-keys', apiKeyListSchema, signal)).data;
}

export const apiKeysQueryKey = ['api-keys'] as const;

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => getApiKeys(signal),
    meta: { errorTitle: 'Error loading API keys' },
  });

export function useApiKeys(options: { enabled?: boolean } = {}) {
  return useQuery({ ...apiKeysQueryOptions(), enabled: options.enabled ?? true });
}
