import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ContactFilters, contactsQueryKey, filterParams } from '@/features/contacts/api/get-contacts';
import { api } from '@/lib/api-client';

const countSchema = z.object({ count: z.number().int() });

const NO_FILTERS: ContactFilters = { q: '', tag: '' };

/** How many contacts the account has; with filters, how many of them match (the same rule as the list). */
export function getContactsCount(
  filters: ContactFilters = NO_FILTERS,
  signal?: AbortSignal,
): Promise<number> {
  const params = filterParams(filters).toString();
  return api
    .get(`/contacts/count${params ? `?${params}` : ''}`, countSchema, signal)
    .then((body) => body.count);
}

export const contactsCountQueryOptions = (filters: ContactFilters = NO_FILTERS) =>
  queryOptions({
    queryKey: [...contactsQueryKey, 'count', { q: filters.q.trim(), tag: filters.tag }],
    queryFn: ({ signal }) => getContactsCount(filters, signal),
    meta: { errorTitle: 'Error loading contacts' },
  });

/**
 * The count for these filters (the last one stays while the next loads); `enabled: false` leaves it unasked
 * (e.g. when no filter is set).
 */
export function useContactsCount(filters: ContactFilters = NO_FILTERS, { enabled = true } = {}) {
  return useQuery({ ...contactsCountQueryOptions(filters), enabled, placeholderData: keepPreviousData });
}
