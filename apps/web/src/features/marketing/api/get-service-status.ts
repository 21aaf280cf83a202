import { queryOptions, useQuery } from '@tanstack/react-query';

/** What the status page shows: whether each part answers, and when it was asked. */
export interface ServiceStatus {
  /** The server process answers (`/healthz`). */
  api: boolean;
  /** The database answers with every migration applied (`/readyz`). */
  database: boolean;
  checkedAt: Date;
}

/** Whether a probe answers 2xx; any failure (a 503, no network) counts as down. */
async function probe(path: string, signal?: AbortSignal): Promise<boolean> {
  try {
    return (await fetch(path, { signal, cache: 'no-store' })).ok;
  } catch (error) {
    if (signal?.aborted) throw error;
    return false;
  }
}

/** Asks the server's own health probes, the ones a load balancer asks. */
export async function getServiceStatus(signal?: AbortSignal): Promise<ServiceStatus> {
  const [api, database] = await Promise.all([probe('/healthz', signal), probe('/readyz', signal)]);
  return { api, database, checkedAt: new Date() };
}

/** How often an open status page asks again. */
export const STATUS_REFRESH_MS = 30_000;

export const serviceStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['service-status'],
    queryFn: ({ signal }) => getServiceStatus(signal),
    staleTime: 0,
    refetchInterval: STATUS_REFRESH_MS,
    // A part that is down is the answer, shown on the page, not an error.
    meta: { silentErrors: true },
  });

export function useServiceStatus() {
  return useQuery(serviceStatusQueryOptions());
}
