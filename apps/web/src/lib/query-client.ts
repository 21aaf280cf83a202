import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/errors';
import { dismissFlowErrors, flowError } from '@/lib/flow-toasts';
import { notify } from '@/lib/notify';
import { dashboardQueryKey } from '@/lib/query-keys';

/** What a query or mutation tells the error hook. */
export interface RequestMeta extends Record<string, unknown> {
  /** The toast title when it fails (product spec section 8, e.g. "Error loading contacts"); default "Error". */
  errorTitle?: string;
  /** The caller tells the user itself (a form with the spec's own error texts): no toast from the hook. */
  silentErrors?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/** Refusals the API client has answered by sending the user somewhere: no toast on top. */
const SENT_ELSEWHERE = new Set(['mfa_required', 'mfa_enrollment_required']);

/**
 * The one error hook of the server-state cache: a failed query or mutation shows a toast with its title and the
 * server's message. A 401 has already been handled by the API client (session ended, back to sign-in), and so have
 * a 403 `mfa_required` (the two-factor code step) and `mfa_enrollment_required` (setting up a second factor).
 */
function notifyError(error: unknown, meta: RequestMeta | undefined, mutation = false) {
  if (meta?.silentErrors || (isApiError(error) && (error.status === 401 || SENT_ELSEWHERE.has(error.code))))
    return;
  const title = meta?.errorTitle ?? 'Error';
  const description = errorMessage(error);
  // One toast for one problem, however many requests report it at once.
  const id = `${title}\n${description}`;
  if (mutation) flowError(flowOf(meta), title, { description, id });
  else notify.error(title, { description, id });
}

/** The flow a mutation's error toasts belong to: its error title; a later success of the same flow dismisses them. */
const flowOf = (meta: RequestMeta | undefined) => meta?.errorTitle ?? 'Error';

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => notifyError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => notifyError(error, mutation.meta, true),
      onSuccess: (_data, _variables, _context, mutation) => {
        // The error toasts of the same flow are out of date now.
        dismissFlowErrors(flowOf(mutation.meta));
        // Contacts, scripts and calls all feed the dashboard and the sidebar's usage badge.
        return client.invalidateQueries({ queryKey: dashboardQueryKey });
      },
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
  return client;
}
