import { type Script, scriptSchema, type UpdateScriptInput } from '@callwise/shared/schemas/scripts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { scriptsQueryKey } from '@/features/scripts/api/get-scripts';
import { api } from '@/lib/api-client';

export function updateScript({ id, ...input }: UpdateScriptInput & { id: string }): Promise<Script> {
  return api.patch(`/scripts/${id}`, input, scriptSchema);
}

export function useUpdateScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScript,
    meta: { errorTitle: 'Error updating script' },
    onSuccess: async (script) => {
      toast.success('Script updated', { description: `Your changes to "${script.title}" are saved.` });
      await queryClient.invalidateQueries({ queryKey: scriptsQueryKey });
    },
  });
}
