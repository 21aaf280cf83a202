import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiKeysQueryKey } from '@/features/settings/api/get-api-keys';
import { api } from '@/lib/api-client';

/** Revokes a key: requests with it are refused from then on. */
export function revokeApiKey(id: string): Promise<null> {
  return api.delete(`/api-keys/${id}`, z.null());
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) => revokeApiKey(id),
    meta: { errorTitle: 'Error revoking API key' },
    onSuccess: (_data, { name }) => {
      toast.success('API key revoked', { description: `"${name}" no longer works.` });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
