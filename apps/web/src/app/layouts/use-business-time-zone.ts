import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryOptions } from '@/features/settings/api/get-me';
import { activeTimeZone, setBusinessTimeZone } from '@/lib/dates';

const storageKey = (userId: string) => `callwise-business-timezone:${userId}`;

function remembered(userId: string | null): string | undefined {
  if (!userId) return undefined;
  try {
    return localStorage.getItem(storageKey(userId)) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The business's time zone (GET /v1/me), made the one every date of the workspace is shown and read in
 * (lib/dates). Until the answer comes, the zone this browser last saw for the user, else the browser's own.
 * Returns the zone in use: the layout remounts the page when it changes, so no form keeps a time read in
 * another zone.
 */
export function useBusinessTimeZone(userId: string | null): string {
  // Only to know the zone: a failure here is not worth a toast (the pages that need /v1/me say so).
  const { data } = useQuery({ ...meQueryOptions(), meta: { silentErrors: true } });
  const zone = data?.timezone ?? remembered(userId);
  setBusinessTimeZone(zone);

  useEffect(() => {
    if (!userId || !data?.timezone) return;
    try {
      localStorage.setItem(storageKey(userId), data.timezone);
    } catch {
      // Private mode or full storage: the zone comes with /v1/me next time too.
    }
  }, [userId, data?.timezone]);

  return activeTimeZone();
}
