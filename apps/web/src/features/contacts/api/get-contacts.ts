import { contactSchema } from '@callwise/shared/schemas/contacts';
import { pageSchema } from '@callwise/shared/schemas/pagination';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const contactsPageSchema = pageSchema(contactSchema);
export type ContactsPage = ReturnType<typeof contactsPageSchema.parse>;

/** Cards per page: fills rows of one, two and three columns. */
export const CONTACTS_PAGE_SIZE = 24;

export interface ContactFilters {
  /** Searched by the server in name, e-mail, company and phone digits. */
  q: string;
  /** Only contacts with this tag; empty for all. */
  tag: string;
}

/** `?q=&tag=` of the list and of the CSV export, without the empty ones. */
export function filterParams(filters: ContactFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.tag) params.set('tag', filters.tag);
  return params;
}

/** One page of the account's contacts, newest first. */
export function getContacts(filters: ContactFilters, cursor: string | null, signal?: AbortSignal) {
  const params = filterParams(filters);
  params.set('limit', String(CONTACTS_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return api.get(`/contacts?${params}`, contactsPageSchema, signal);
}

/** Every contacts query (lists, count, tags) starts with this key: a change to a contact refreshes them all. */
export const contactsQueryKey = ['contacts'] as const;
/** Every filtered list of contacts. */
export const contactListsQueryKey = [...contactsQueryKey, 'list'] as const;

export const contactsQueryOptions = (filters: ContactFilters) =>
  infiniteQueryOptions({
    queryKey: [...contactListsQueryKey, { q: filters.q.trim(), tag: filters.tag }],
    queryFn: ({ pageParam, signal }) => getContacts(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    meta: { errorTitle: 'Error loading contacts' },
  });

/** The contacts matching the filters, a page at a time; the previous list stays on screen while typing. */
export function useContacts(filters: ContactFilters) {
  return useInfiniteQuery({ ...contactsQueryOptions(filters), placeholderData: keepPreviousData });
}
