import {
  ChevronDownIcon,
  DownloadIcon,
  LoaderCircleIcon,
  ShieldCheckIcon,
  TagIcon,
  XIcon,
} from 'lucide-react';
import type { Ref } from 'react';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useExportConsentRecords } from '@/features/contacts/api/export-consent-records';
import { useContactTags } from '@/features/contacts/api/get-contact-tags';

/** A select item may not have an empty value (spec section 5): this one stands for "every tag". */
const ALL_TAGS = '__all__';

/**
 * The account's consent records (every grant and revocation, across calls and texts) as CSV. In a menu: a
 * button named "Export ..." beside the page's own Export would make that one ambiguous.
 */
function ConsentRecordsMenu() {
  const exporter = useExportConsentRecords();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          className="self-start sm:ml-auto sm:self-auto"
          aria-busy={exporter.isPending}
        >
          {exporter.isPending ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <ShieldCheckIcon aria-hidden="true" />
          )}
          Consent records
          <ChevronDownIcon aria-hidden="true" className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-w-72">
        <DropdownMenuLabel>Every grant and revocation of consent, for all your contacts</DropdownMenuLabel>
        <DropdownMenuItem disabled={exporter.isPending} onSelect={() => exporter.mutate(undefined)}>
          <DownloadIcon aria-hidden="true" />
          Export consent records
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Search box, tag filter and, when either is set, a way to clear both; and the consent records' export. */
export function ContactsToolbar({
  searchRef,
  search,
  onSearchChange,
  tag,
  onTagChange,
  busy,
  filtered,
  onClear,
  canExport,
}: {
  /** The search box, where the focus goes when the filters are cleared. */
  searchRef?: Ref<HTMLInputElement>;
  search: string;
  onSearchChange: (text: string) => void;
  tag: string;
  onTagChange: (tag: string) => void;
  /** The list is being asked for the current filters. */
  busy: boolean;
  filtered: boolean;
  onClear: () => void;
  /** The member's role may download CSV exports (an owner's or admin's): else no consent records' menu. */
  canExport: boolean;
}) {
  const tags = useContactTags();
  const options = tags.data ?? [];
  const known = options.some((option) => option.tag === tag);

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <search
        className="flex min-w-0 flex-col gap-3 sm:flex-1 sm:flex-row sm:items-center"
        aria-label="Filter contacts"
      >
        <div className="relative w-full sm:max-w-sm">
          <SearchField
            ref={searchRef}
            aria-label="Search contacts"
            placeholder="Search name, phone, email or company..."
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            className="[&_input]:pr-9"
          />
          {busy && (
            <LoaderCircleIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
            />
          )}
        </div>
        <div className="flex items-center gap-2">
          <Select
            value={tag || ALL_TAGS}
            onValueChange={(value) => onTagChange(value === ALL_TAGS ? '' : value)}
          >
            <SelectTrigger aria-label="Filter by tag" className="w-full min-w-40 sm:w-48">
              <TagIcon aria-hidden="true" className="text-muted-foreground" />
              <SelectValue>{tag || 'All tags'}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_TAGS}>All tags</SelectItem>
              {(options.length > 0 || (tag && !known)) && <SelectSeparator />}
              {tag && !known && <SelectItem value={tag}>{tag}</SelectItem>}
              {options.map((option) => (
                <SelectItem key={option.tag} value={option.tag}>
                  {option.tag}
                  <span className="text-muted-foreground tabular-nums">
                    {' '}
                    ({option.count.toLocaleString()})
                  </span>
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {filtered && (
            <Button variant="ghost" onClick={onClear} className="shrink-0">
              <XIcon aria-hidden="true" />
              Clear filters
            </Button>
          )}
        </div>
      </search>
      {canExport && <ConsentRecordsMenu />}
    </div>
  );
}
