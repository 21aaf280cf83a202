import { type Script, scriptSchema } from '@callwise/shared/schemas/scripts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { scriptsQueryKey } from '@/features/scripts/api/get-scripts';
import { api } from '@/lib/api-client';

/** A copy with the same content and category, titled "<title> (Copy)". */
export function cloneScript(id: string): Promise<Script> {
  return api.post(`/scripts/${id}/clone`, undefined, scriptSchema);
}

export function useCloneScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneScript,
    meta: { errorTitle: 'Error cloning script' },
    onSuccess: async (copy) => {
      toast.success('Script cloned', { description: `"${copy.title}" was added to your scripts.` });
      await queryClient.invalidateQueries({ queryKey: scriptsQueryKey });
    },
  });
}
