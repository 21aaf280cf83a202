import type { BulkAction } from '@callwise/shared/schemas/contacts';
import { ShieldCheckIcon, TagIcon, Trash2Icon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

/** The contacts chosen for a bulk action: some by id, or every one matching the list's filters. */
export type ContactSelection = { all: false; ids: ReadonlySet<string> } | { all: true };

export const NO_SELECTION: ContactSelection = { all: false, ids: new Set() };

const contactCount = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'contact' : 'contacts'}`;

/**
 * Above the cards: tick every card shown, or every contact matching the filters, then act on them (consent,
 * tags, delete). Each action asks first, in a dialog with the count.
 */
export function ContactsBulkBar({
  shownIds,
  matching,
  filtered,
  selection,
  onSelectionChange,
  onAction,
}: {
  /** The ids of the cards loaded so far. */
  shownIds: readonly string[];
  /** How many contacts match the filters (all of the account's without filters); undefined while loading. */
  matching: number | undefined;
  filtered: boolean;
  selection: ContactSelection;
  onSelectionChange: (selection: ContactSelection) => void;
  onAction: (action: BulkAction) => void;
}) {
  const selectedCount = selection.all ? (matching ?? 0) : selection.ids.size;
  const allShown = selection.all || (shownIds.length > 0 && shownIds.every((id) => selection.ids.has(id)));
  const someShown = !allShown && !selection.all && shownIds.some((id) => selection.ids.has(id));
  const canSelectAll = !selection.all && allShown && matching !== undefined && matching > selection.ids.size;

  return (
    <section
      aria-label="Select contacts"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-muted/40 px-3 py-2"
      data-testid="bulk-bar"
    >
      <div className="flex items-center gap-2">
        <Checkbox
          id="select-shown"
          checked={allShown ? true : someShown ? 'indeterminate' : false}
          onCheckedChange={(checked) =>
            onSelectionChange(checked === true ? { all: false, ids: new Set(shownIds) } : NO_SELECTION)
          }
        />
        <Label htmlFor="select-shown" className="font-normal">
          Select all shown
        </Label>
      </div>
      <p className="text-sm font-medium" aria-live="polite" data-testid="selected-count">
        {selectedCount === 0
          ? 'None selected'
          : selection.all
            ? `All ${contactCount(selectedCount)} ${filtered ? 'matching this filter ' : ''}selected`
            : `${contactCount(selectedCount)} selected`}
      </p>
      {canSelectAll && (
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          onClick={() => onSelectionChange({ all: true })}
        >
          {filtered
            ? `Select all ${contactCount(matching)} matching this filter`
            : `Select all ${contactCount(matching)}`}
        </Button>
      )}
      {selectedCount > 0 && (
        <div className="flex w-full flex-wrap items-center gap-2 sm:ml-auto sm:w-auto">
          <Button size="sm" variant="outline" onClick={() => onAction('set_consent')}>
            <ShieldCheckIcon aria-hidden="true" />
            Set consent
          </Button>
          <Button size="sm" variant="outline" onClick={() => onAction('add_tag')}>
            <TagIcon aria-hidden="true" />
            Add tag
          </Button>
          <Button size="sm" variant="outline" onClick={() => onAction('remove_tag')}>
            <TagIcon aria-hidden="true" />
            Remove tag
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="text-destructive hover:bg-destructive-soft hover:text-destructive-soft-foreground"
            onClick={() => onAction('delete')}
          >
            <Trash2Icon aria-hidden="true" />
            Delete
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onSelectionChange(NO_SELECTION)}>
            <XIcon aria-hidden="true" />
            Clear selection
          </Button>
        </div>
      )}
    </section>
  );
}
