import { consentRecordListSchema } from '@callwise/shared/schemas/consent';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { contactsQueryKey } from '@/features/contacts/api/get-contacts';
import { api } from '@/lib/api-client';

export type ConsentRecordsPage = ReturnType<typeof consentRecordListSchema.parse>;

/** Records per page of a contact's consent history. */
export const CONSENT_RECORDS_PAGE_SIZE = 20;

/** One page of a contact's consent records, newest first. */
export function getConsentRecords(contactId: string, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ contact_id: contactId, limit: String(CONSENT_RECORDS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get(`/consent-records?${params}`, consentRecordListSchema, signal);
}

/** Under the contacts' key: a change to a contact (its consent among them) refreshes its history too. */
export const consentRecordsQueryKey = (contactId: string) =>
  [...contactsQueryKey, 'consent-records', contactId] as const;

export const consentRecordsQueryOptions = (contactId: string) =>
  infiniteQueryOptions({
    queryKey: consentRecordsQueryKey(contactId),
    queryFn: ({ pageParam, signal }) => getConsentRecords(contactId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Records are also written by calls, texts and the do-not-call list: asked again each time it is opened.
    staleTime: 0,
    meta: { errorTitle: 'Error loading consent history' },
  });

/** A contact's consent history, a page at a time. */
export function useConsentRecords(contactId: string) {
  return useInfiniteQuery(consentRecordsQueryOptions(contactId));
}
