import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { contactsQueryKey } from '@/features/contacts/api/get-contacts';
import { api } from '@/lib/api-client';

const countSchema = z.object({ count: z.number().int() });

/** How many contacts the account has, whatever the filters. */
export function getContactsCount(signal?: AbortSignal): Promise<number> {
  return api.get('/contacts/count', countSchema, signal).then((body) => body.count);
}

export const contactsCountQueryOptions = () =>
  queryOptions({
    queryKey: [...contactsQueryKey, 'count'],
    queryFn: ({ signal }) => getContactsCount(signal),
    meta: { errorTitle: 'Error loading contacts' },
  });

export function useContactsCount() {
  return useQuery(contactsCountQueryOptions());
}
