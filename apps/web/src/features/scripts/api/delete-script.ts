import type { Script } from '@callwise/shared/schemas/scripts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { scriptsQueryKey } from '@/features/scripts/api/get-scripts';
import { api } from '@/lib/api-client';

export async function deleteScript(id: string): Promise<void> {
  await api.delete(`/scripts/${id}`, z.null());
}

export function useDeleteScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (script: Pick<Script, 'id' | 'title'>) => deleteScript(script.id),
    meta: { errorTitle: 'Error deleting script' },
    onSuccess: async (_nothing, script) => {
      toast.success('Script deleted', { description: `"${script.title}" has been removed.` });
      await queryClient.invalidateQueries({ queryKey: scriptsQueryKey });
    },
  });
}
