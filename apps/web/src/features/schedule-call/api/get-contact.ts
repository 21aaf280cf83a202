import { contactSchema } from '@callwise/shared/schemas/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** One contact, for a schedule form opened with `?contact=<id>` (Call Now). */
export function getContact(id: string, signal?: AbortSignal) {
  return api.get(`/contacts/${encodeURIComponent(id)}`, contactSchema, signal);
}

export const contactQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['contacts', 'detail', id],
    queryFn: ({ signal }) => getContact(id, signal),
    meta: { errorTitle: 'Error loading contacts' },
  });

export function useContact(id: string | null) {
  return useQuery({ ...contactQueryOptions(id ?? ''), enabled: id !== null });
}
