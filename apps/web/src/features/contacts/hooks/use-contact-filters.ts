import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ContactFilters } from '@/features/contacts/api/get-contacts';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** How long the search box waits for typing to pause before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * The list's search text and tag, kept in the address (`?q=&tag=`) so that a reload or a shared link keeps
 * them. The box answers every key at once; the address, and with it the server query, follows once typing
 * pauses.
 */
export function useContactFilters() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const tag = params.get('tag') ?? '';
  const [search, setSearch] = useState(q);
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  /** The text this hook last put in the address; any other change there came from outside (back button). */
  const written = useRef(q);

  const update = useCallback(
    (changes: Partial<ContactFilters>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  useEffect(() => {
    // A value the box has moved on from (e.g. just cleared) is stale: writing it would bring it back.
    if (debounced !== search) return;
    const text = debounced.trim();
    if (text === written.current) return;
    written.current = text;
    update({ q: text });
  }, [debounced, search, update]);

  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setSearch(q);
  }, [q]);

  const filters: ContactFilters = { q, tag };
  return {
    filters,
    /** What the search box shows (ahead of the address while typing). */
    search,
    setSearch,
    setTag: (next: string) => update({ tag: next }),
    active: Boolean(q || tag),
    /** True while the typed text has not reached the server yet. */
    typing: search.trim() !== q,
    clear: () => {
      written.current = '';
      setSearch('');
      update({ q: '', tag: '' });
    },
  };
}
