import { type ContactImport, contactImportSchema } from '@callwise/shared/schemas/contact-imports';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 500;

export const isImportFinished = (job: Pick<ContactImport, 'status'>) =>
  job.status === 'completed' || job.status === 'failed';

/** An import and its progress so far. */
export function getContactImport(id: string, signal?: AbortSignal): Promise<ContactImport> {
  return api.get(`/contacts/imports/${id}`, contactImportSchema, signal);
}

export const contactImportQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: ['contact-imports', id],
    queryFn: id ? ({ signal }) => getContactImport(id, signal) : skipToken,
    staleTime: 0,
    // Asked again every half second until it has finished.
    refetchInterval: (query) => {
      const job = query.state.data;
      return job && !isImportFinished(job) ? IMPORT_POLL_MS : false;
    },
    refetchIntervalInBackground: true,
    meta: { errorTitle: 'Error importing contacts' },
  });

export function useContactImport(id: string | null) {
  return useQuery(contactImportQueryOptions(id));
}
