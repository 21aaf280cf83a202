import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { createQueryClient } from '@/lib/query-client';

/** The toast outlet loads after the first page: toasts created before it shows up are kept and shown then. */
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

/**
 * Mounts the toast outlet when the browser is idle after the first page is on screen (this component's first
 * effect runs after that commit), so that the toast library never delays the first paint.
 */
function DeferredToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!window.requestIdleCallback) {
      const timer = window.setTimeout(() => setWanted(true), 200);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setWanted(true), { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** Everything the whole app shares: server-state cache, session and the toast outlet (tooltips: workspace). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <DeferredToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
