import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { notify } from '@/lib/notify';

/** Signs out, then goes home with the spec's toast (product spec section 8). */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
    } catch (error) {
      notify.error('Sign Out Error', {
        description: error instanceof Error ? error.message : 'Could not sign out. Please try again.',
      });
      return;
    }
    await navigate(paths.home);
    notify.success('Signed Out', { description: 'You have been successfully signed out.' });
  }, [signOut, navigate]);
}
