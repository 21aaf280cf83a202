import {
  type BulkAction,
  type ConsentLevel,
  createContactInputSchema,
} from '@callwise/shared/schemas/contacts';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  BulkConsentFields,
  BulkTagField,
  type ExistingChoice,
} from '@/features/contacts/components/bulk-action-fields';
import { useReturnFocus } from '@/hooks/use-return-focus';

/** What a confirmed bulk action sends, besides the contacts it names. */
export interface BulkChoice {
  action: BulkAction;
  consent?: ConsentLevel;
  existing_customer?: boolean;
  tag?: string;
}

const contactCount = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'contact' : 'contacts'}`;

/** "Set consent for 196 contacts?": the question each action asks, with the count it will change. */
export function bulkTitle(action: BulkAction, count: number): string {
  switch (action) {
    case 'set_consent':
      return `Set consent for ${contactCount(count)}?`;
    case 'add_tag':
      return `Add a tag to ${contactCount(count)}?`;
    case 'remove_tag':
      return `Remove a tag from ${contactCount(count)}?`;
    case 'delete':
      return `Delete ${contactCount(count)}?`;
  }
}

const CONFIRM_LABEL: Readonly<Record<BulkAction, string>> = {
  set_consent: 'Set consent',
  add_tag: 'Add tag',
  remove_tag: 'Remove tag',
  delete: 'Delete',
};

const tagSchema = createContactInputSchema.shape.tags.unwrap().element;

/**
 * Asks before a bulk action, with how many contacts it will reach and what it needs: the consent to record
 * (kept with the source "Bulk edit", the date and who did it) or the tag. Nothing changes before Confirm.
 */
export function BulkActionDialog({
  action,
  count,
  scope,
  open,
  onOpenChange,
  onConfirm,
  pending,
}: {
  action: BulkAction | null;
  count: number;
  /** Which contacts, in words: "the 3 selected contacts", "every contact tagged “spa”". */
  scope: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (choice: BulkChoice) => void;
  pending: boolean;
}) {
  const focus = useReturnFocus();
  const [consent, setConsent] = useState<ConsentLevel | null>(null);
  const [existing, setExisting] = useState<ExistingChoice>('keep');
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string>();

  // Each opening starts afresh.
  useEffect(() => {
    if (!open) return;
    setConsent(null);
    setExisting('keep');
    setTag('');
    setError(undefined);
  }, [open]);

  if (!action) return null;

  const confirm = () => {
    if (action === 'set_consent') {
      if (!consent) {
        setError('Choose the consent to record.');
        document.getElementById('bulk-consent-informational')?.focus();
        return;
      }
      onConfirm({
        action,
        consent,
        ...(existing === 'keep' ? {} : { existing_customer: existing === 'yes' }),
      });
    } else if (action === 'add_tag' || action === 'remove_tag') {
      const checked = tagSchema.safeParse(tag);
      if (!checked.success) {
        setError(tag.trim() ? (checked.error.issues[0]?.message ?? 'Enter a tag.') : 'Enter a tag.');
        document.getElementById('bulk-tag')?.focus();
        return;
      }
      onConfirm({ action, tag: checked.data });
    } else {
      onConfirm({ action });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onOpenAutoFocus={focus.onOpenAutoFocus}
        onCloseAutoFocus={(event) => {
          focus.onCloseAutoFocus(event);
          // The button that opened it went with the selection: the focus goes on from "Select all shown".
          if (document.activeElement?.id === 'main') document.getElementById('select-shown')?.focus();
        }}
        data-testid="bulk-dialog"
      >
        <DialogHeader>
          <DialogTitle>{bulkTitle(action, count)}</DialogTitle>
          <DialogDescription>
            {action === 'delete'
              ? `This removes ${scope}; their calls stay in the call history. This cannot be undone.`
              : action === 'set_consent'
                ? `For ${scope}. Recorded as “Bulk edit”, with today’s date and your name.`
                : `For ${scope}.`}
          </DialogDescription>
        </DialogHeader>

        <form
          id="bulk-form"
          noValidate
          className="grid gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          {action === 'set_consent' && (
            <BulkConsentFields
              consent={consent}
              onConsentChange={(value) => {
                setConsent(value);
                setError(undefined);
              }}
              existing={existing}
              onExistingChange={setExisting}
              error={error}
            />
          )}
          {(action === 'add_tag' || action === 'remove_tag') && (
            <BulkTagField
              tag={tag}
              onTagChange={(value) => {
                setTag(value);
                setError(undefined);
              }}
              error={error}
            />
          )}
          {error && action === 'set_consent' && (
            <p id="bulk-error" className="text-[0.8125rem] text-destructive">
              {error}
            </p>
          )}
        </form>

        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            type="submit"
            form="bulk-form"
            variant={action === 'delete' ? 'destructive' : 'default'}
            disabled={pending}
          >
            {pending ? 'Working...' : `${CONFIRM_LABEL[action]} (${count.toLocaleString()})`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
