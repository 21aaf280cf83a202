import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { twoFactorQueryKey } from '@/features/settings/api/get-two-factor';
import { loadAuthClient } from '@/lib/auth-client';

/**
 * Removes the authenticator app: two-factor sign-in is off and the recovery codes are deleted. The server takes
 * the session back to aal1; a refreshed session says so (and no longer lists the factor), and its event brings
 * the auth state's assurance up to date.
 */
export async function removeAuthenticator(factorId: string): Promise<void> {
  const client = await loadAuthClient();
  const { error } = await client.mfa.unenroll({ factorId });
  if (error) throw error;
  await client.refreshSession();
}

export function useRemoveAuthenticator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAuthenticator,
    meta: { errorTitle: 'Error turning off two-factor sign-in' },
    onSuccess: () => {
      toast.success('Two-factor sign-in is off');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}
