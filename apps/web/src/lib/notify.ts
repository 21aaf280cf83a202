import type { ExternalToast } from 'sonner';

/**
 * A toast from code that every page loads (providers, the auth state, the public header), without putting the
 * toast library in the first download: it is fetched on the first toast. The toaster (also loaded on demand)
 * shows toasts created before it mounted. Feature code imports `toast` from sonner directly.
 */
export const notify = {
  success(title: string, options?: ExternalToast): void {
    void import('sonner').then(({ toast }) => toast.success(title, options));
  },
  error(title: string, options?: ExternalToast): void {
    void import('sonner').then(({ toast }) => toast.error(title, options));
  },
};
