import {
  CALL_DIRECTIONS,
  CALL_OUTCOMES,
  type CallDirection,
  type CallOutcome,
  type CallView,
  STATUS_GROUPS,
  type StatusGroup,
} from '@callwise/shared/calls';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CallFilters } from '@/features/call-history/api/call-filters';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** A guard for an address parameter that must be one of a list's values. */
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string | null): value is T =>
    (values as readonly string[]).includes(value ?? '');
const isStatusGroup = oneOf<StatusGroup>(STATUS_GROUPS);
const isOutcome = oneOf<CallOutcome>(CALL_OUTCOMES);
const isDirection = oneOf<CallDirection>(CALL_DIRECTIONS);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The call history's filters live in the address (`?view=&q=&status=&outcome=&campaign=&direction=`), so a
 * filtered view can be bookmarked, shared and reloaded. The search box answers at once; the address (and so the
 * server) follows 300 ms after the last key. Filter changes replace the history entry: Back leaves the page rather
 * than undoing a keystroke.
 */
export function useCallFilters() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const rawStatus = params.get('status');
  const status: CallFilters['status'] = isStatusGroup(rawStatus) ? rawStatus : 'all';
  const rawOutcome = params.get('outcome');
  const outcome: CallOutcome | 'all' = isOutcome(rawOutcome) ? rawOutcome : 'all';
  const rawCampaign = params.get('campaign');
  const campaignId = rawCampaign && UUID.test(rawCampaign) ? rawCampaign : null;
  const rawDirection = params.get('direction');
  const direction: CallDirection | 'all' = isDirection(rawDirection) ? rawDirection : 'all';
  const rawCall = params.get('call');
  /** The call whose details are open (`?call=<id>`, e.g. from a link to one call), if any. */
  const openCallId = rawCall && UUID.test(rawCall) ? rawCall : null;
  const view: CallView = params.get('view') === 'needs_attention' ? 'needs_attention' : 'all';

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

  /** Sets one parameter of the address (removed at its default), keeping the others. */
  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const setStatus = (value: CallFilters['status']) => setParam('status', value === 'all' ? null : value);
  const setOutcome = (value: CallOutcome | 'all') => setParam('outcome', value === 'all' ? null : value);
  const setCampaign = (value: string | null) => setParam('campaign', value);
  const setView = (value: CallView) => setParam('view', value === 'all' ? null : value);
  const setDirection = (value: CallDirection | 'all') =>
    setParam('direction', value === 'all' ? null : value);
  const setOpenCall = (id: string | null) => setParam('call', id);

  /** Clears the filters; the view stays. */
  const clear = () => {
    synced.current = '';
    setSearch('');
    setParams(new URLSearchParams(view === 'all' ? {} : { view }), { replace: true });
  };

  const filters: CallFilters = { q, status, outcome, campaignId, view, direction };
  return {
    filters,
    search,
    setSearch,
    setStatus,
    setOutcome,
    setCampaign,
    setView,
    setDirection,
    openCallId,
    setOpenCall,
    clear,
    filtered: q !== '' || status !== 'all' || outcome !== 'all' || campaignId !== null || direction !== 'all',
  };
}
