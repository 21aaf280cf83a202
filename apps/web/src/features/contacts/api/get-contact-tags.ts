import { contactTagsSchema } from '@callwise/shared/schemas/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactsQueryKey } from '@/features/contacts/api/get-contacts';
import { api } from '@/lib/api-client';

/** The tags in use, most used first, with how many contacts carry each. */
export function getContactTags(signal?: AbortSignal) {
  return api.get('/contacts/tags', contactTagsSchema, signal).then((body) => body.data);
}

export const contactTagsQueryOptions = () =>
  queryOptions({
    queryKey: [...contactsQueryKey, 'tags'],
    queryFn: ({ signal }) => getContactTags(signal),
    meta: { errorTitle: 'Error loading tags' },
  });

export function useContactTags() {
  return useQuery(contactTagsQueryOptions());
}
