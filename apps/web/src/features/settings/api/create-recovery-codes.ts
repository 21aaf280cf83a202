import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { twoFactorQueryKey } from '@/features/settings/api/get-two-factor';
import { authRequest } from '@/lib/auth-client';

const createdCodesSchema = z.object({ codes: z.array(z.string()).min(1) });

/** POST /auth/v1/recovery_codes: ten new codes, replacing the old ones; shown this once (the session is aal2). */
export async function createRecoveryCodes(): Promise<string[]> {
  return createdCodesSchema.parse(await authRequest('/recovery_codes', 'POST')).codes;
}

export function useCreateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecoveryCodes,
    meta: { errorTitle: 'Error creating recovery codes' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}
