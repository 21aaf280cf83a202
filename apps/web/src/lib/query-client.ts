import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/errors';

/** What a query or mutation tells the error hook. */
export interface RequestMeta extends Record<string, unknown> {
  /** The toast title when it fails (product spec section 8, e.g. "Error loading contacts"); default "Error". */
  errorTitle?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/**
 * The one error hook of the server-state cache: a failed query or mutation shows a toast with its title and the
 * server's message. A 401 has already been handled by the API client (session ended, back to sign-in).
 */
function notifyError(error: unknown, meta: RequestMeta | undefined) {
  if (isApiError(error) && error.status === 401) return;
  toast.error(meta?.errorTitle ?? 'Error', { description: errorMessage(error) });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => notifyError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => notifyError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; a network blip or a 5xx might.
        retry: (failures, error) =>
          failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
}
