import { SearchIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

export interface SearchComboboxProps<T> {
  /** The input's id (its label points at it). */
  id: string;
  placeholder: string;
  query: string;
  onQueryChange: (query: string) => void;
  /** The matches for the query; shown while the list is open. */
  items: T[];
  loading: boolean;
  failed: boolean;
  /** "No contacts match", "You have no scripts yet", ... */
  emptyText: string;
  getKey: (item: T) => string;
  /** The option's accessible text. */
  getText: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onSelect: (item: T) => void;
  /** The list opened or closed (the caller searches only while it is open). */
  onOpenChange?: (open: boolean) => void;
  describedBy?: string;
}

/**
 * A search box with a list of matches under it (the ARIA combobox pattern): typing searches, arrow keys move
 * through the matches, Enter picks one, Escape closes the list. Picking never submits the form around it.
 */
export function SearchCombobox<T>({
  id,
  placeholder,
  query,
  onQueryChange,
  items,
  loading,
  failed,
  emptyText,
  getKey,
  getText,
  renderItem,
  onSelect,
  onOpenChange,
  describedBy,
}: SearchComboboxProps<T>) {
  const listId = useId();
  const [open, setOpenState] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLDivElement | null>(null);

  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
    if (!next) setActive(-1);
  };

  // A new list of matches starts without a highlighted one.
  const itemsKey = items.map(getKey).join(',');
  useEffect(() => {
    void itemsKey;
    setActive(-1);
  }, [itemsKey]);

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const pick = (item: T) => {
    setOpen(false);
    onSelect(item);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (items.length > 0) setActive((index) => (index + 1) % items.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (items.length > 0) setActive((index) => (index <= 0 ? items.length - 1 : index - 1));
        break;
      case 'Enter': {
        // Enter in this box never submits the schedule form.
        event.preventDefault();
        const item = open ? items[active === -1 && items.length === 1 ? 0 : active] : undefined;
        if (item) pick(item);
        else if (!open) setOpen(true);
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else if (query) {
          event.preventDefault();
          onQueryChange('');
        }
        break;
      default:
        break;
    }
  };

  const activeItem = active >= 0 ? items[active] : undefined;
  let status: string | null = null;
  if (failed) status = 'The search did not work. Try again.';
  else if (items.length === 0) status = loading ? 'Searching...' : emptyText;

  return (
    <div className="relative">
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        role="combobox"
        type="text"
        autoComplete="off"
        spellCheck={false}
        className="pl-9"
        placeholder={placeholder}
        value={query}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeItem ? `${listId}-${getKey(activeItem)}` : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          onQueryChange(event.target.value);
          if (!open) setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div
        className={cn(
          'absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-md',
          !open && 'hidden',
        )}
      >
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Matches"
          className={cn('max-h-72 overflow-y-auto', items.length > 0 && 'p-1')}
        >
          {items.map((item, index) => (
            // The input keeps the focus and names the highlighted option (aria-activedescendant); the arrow keys,
            // Enter and Escape are handled there (the ARIA combobox pattern).
            // biome-ignore lint/a11y/useFocusableInteractive: see above.
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
            <div
              key={getKey(item)}
              id={`${listId}-${getKey(item)}`}
              role="option"
              aria-selected={index === active}
              aria-label={getText(item)}
              data-index={index}
              className={cn(
                'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
              )}
              // Keep the focus in the box, so that the list stays open until the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(item)}
              onMouseMove={() => setActive(index)}
            >
              {renderItem(item)}
            </div>
          ))}
        </div>
        {status && <p className="px-3 py-2.5 text-sm text-muted-foreground">{status}</p>}
      </div>
      <p className="sr-only" aria-live="polite">
        {open && !loading ? (items.length > 0 ? `${items.length} matches` : (status ?? '')) : ''}
      </p>
    </div>
  );
}
