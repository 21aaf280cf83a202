import type { CallType } from '@callwise/shared/calls';
import { contactSchema, contactTagsSchema } from '@callwise/shared/schemas/contacts';
import { pageSchema } from '@callwise/shared/schemas/pagination';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const contactsPageSchema = pageSchema(contactSchema);

/** Contacts per page of the chooser. */
export const CHOOSER_PAGE_SIZE = 50;

/** The contacts matching a search, newest first, a page at a time. */
export function searchContacts(q: string, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(CHOOSER_PAGE_SIZE) });
  if (q.trim()) params.set('q', q.trim());
  if (cursor) params.set('cursor', cursor);
  return api.get(`/contacts?${params}`, contactsPageSchema, signal);
}

// Under the contacts key, so that a change to any contact refreshes the chooser too.
export const contactChooserQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['contacts', 'campaign-chooser', q.trim()],
    queryFn: ({ pageParam, signal }) => searchContacts(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    meta: { errorTitle: 'Error loading contacts' },
  });

export function useContactChooser(q: string) {
  return useInfiniteQuery({ ...contactChooserQueryOptions(q), placeholderData: keepPreviousData });
}

/** The tags in use, most used first, with how many contacts carry each. */
export function getContactTags(signal?: AbortSignal) {
  return api.get('/contacts/tags', contactTagsSchema, signal).then((body) => body.data);
}

export const contactTagsQueryOptions = () =>
  queryOptions({
    queryKey: ['contacts', 'tags'],
    queryFn: ({ signal }) => getContactTags(signal),
    meta: { errorTitle: 'Error loading tags' },
  });

export function useContactTags() {
  return useQuery(contactTagsQueryOptions());
}

const countSchema = z.object({ count: z.number().int() });

/** How many contacts with a tag a call of this kind could not go to for want of consent. */
export function getTagConsentGaps(tag: string, callType: CallType, signal?: AbortSignal) {
  const params = new URLSearchParams({ tag, without_consent_for: callType });
  return api.get(`/contacts/count?${params}`, countSchema, signal).then((body) => body.count);
}

export function useTagConsentGaps(tag: string, callType: CallType, enabled: boolean) {
  return useQuery({
    queryKey: ['contacts', 'consent-gaps', tag, callType],
    queryFn: ({ signal }) => getTagConsentGaps(tag, callType, signal),
    enabled: enabled && tag !== '',
    meta: { errorTitle: 'Error loading contacts' },
  });
}
