import { STATUS_GROUPS, type StatusGroup } from '@callwise/shared/calls';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CallFilters } from '@/features/call-history/api/call-filters';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

const isStatusGroup = (value: string | null): value is StatusGroup =>
  (STATUS_GROUPS as readonly string[]).includes(value ?? '');

/**
 * The call history's filters live in the address (`?q=&status=`), so a filtered view can be bookmarked, shared
 * and reloaded. The search box answers at once; the address (and so the server) follows 300 ms after the last
 * key. Filter changes replace the history entry: Back leaves the page rather than undoing a keystroke.
 */
export function useCallFilters() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const rawStatus = params.get('status');
  const status: CallFilters['status'] = isStatusGroup(rawStatus) ? rawStatus : 'all';

  const [search, setSearch] = useState(q);
  const debounced = useDebouncedValue(search, 300).trim();
  /** The search the address last had from this box; anything else came from a link or Back. */
  const synced = useRef(q);

  useEffect(() => {
    if (q === synced.current) return;
    synced.current = q;
    setSearch(q);
  }, [q]);

  useEffect(() => {
    // A value the box has moved on from (e.g. just cleared) is stale: writing it would bring it back.
    if (debounced !== search || debounced === synced.current) return;
    synced.current = debounced;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debounced) next.set('q', debounced);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [debounced, search, setParams]);

  const setStatus = (value: CallFilters['status']) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'all') next.delete('status');
        else next.set('status', value);
        return next;
      },
      { replace: true },
    );

  const clear = () => {
    synced.current = '';
    setSearch('');
    setParams(new URLSearchParams(), { replace: true });
  };

  const filters: CallFilters = { q, status };
  return { filters, search, setSearch, setStatus, clear, filtered: q !== '' || status !== 'all' };
}
