import { contactSchema } from '@callwise/shared/schemas/contacts';
import { pageSchema } from '@callwise/shared/schemas/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const contactsPageSchema = pageSchema(contactSchema);

/** How many matches a contact picker offers (scheduling a call, booking an appointment). */
const PICKER_SIZE = 8;

/** The contacts whose name, phone, e-mail or company match, newest first. */
export function searchContacts(q: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PICKER_SIZE) });
  if (q.trim()) params.set('q', q.trim());
  return api.get(`/contacts?${params}`, contactsPageSchema, signal);
}

// Under the contacts key, so that adding, editing or deleting a contact refreshes the picker too.
export const contactSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['contacts', 'picker', q.trim()],
    queryFn: ({ signal }) => searchContacts(q, signal),
    meta: { errorTitle: 'Error loading contacts' },
  });

export function useContactSearch(q: string, enabled: boolean) {
  return useQuery({ ...contactSearchQueryOptions(q), enabled, placeholderData: keepPreviousData });
}
