import { queryOptions, useQuery } from '@tanstack/react-query';

/** The local outbox page of the server: every e-mail it "sent" when no e-mail server is configured. */
export const LOCAL_MAILBOX_URL = '/_dev/mail';

/**
 * Whether the server keeps e-mail in its local mailbox (no SMTP configured): `/_dev/mail.json` exists only
 * then. Any other answer, or no answer, means no.
 */
export async function getLocalMailbox(): Promise<boolean> {
  try {
    const response = await fetch(`${LOCAL_MAILBOX_URL}.json?limit=1`, { method: 'HEAD' });
    return response.ok;
  } catch {
    return false;
  }
}

export const localMailboxQueryOptions = () =>
  queryOptions({
    queryKey: ['local-mailbox'],
    queryFn: getLocalMailbox,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useLocalMailbox() {
  return useQuery(localMailboxQueryOptions());
}
