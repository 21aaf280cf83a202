import { type CreateScriptInput, type Script, scriptSchema } from '@callwise/shared/schemas/scripts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { scriptsQueryKey } from '@/features/scripts/api/get-scripts';
import { api } from '@/lib/api-client';

export function createScript(input: CreateScriptInput): Promise<Script> {
  return api.post('/scripts', input, scriptSchema);
}

export function useCreateScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScript,
    meta: { errorTitle: 'Error creating script' },
    onSuccess: async (script) => {
      toast.success('Script created', { description: `"${script.title}" is ready to use.` });
      await queryClient.invalidateQueries({ queryKey: scriptsQueryKey });
    },
  });
}
