import { scriptSchema } from '@callwise/shared/schemas/scripts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** One script, for a schedule form opened with `?script=<id>` (Test on the scripts page). */
export function getScript(id: string, signal?: AbortSignal) {
  return api.get(`/scripts/${encodeURIComponent(id)}`, scriptSchema, signal);
}

export const scriptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['scripts', 'detail', id],
    queryFn: ({ signal }) => getScript(id, signal),
    meta: { errorTitle: 'Error loading scripts' },
  });

export function useScript(id: string | null) {
  return useQuery({ ...scriptQueryOptions(id ?? ''), enabled: id !== null });
}
