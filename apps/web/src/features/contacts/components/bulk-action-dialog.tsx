import {
  type BulkAction,
  CONSENT_LEVELS,
  type ConsentLevel,
  createContactInputSchema,
} from '@callwise/shared/schemas/contacts';
import { useEffect, useId, useState } from 'react';
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
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { useContactTags } from '@/features/contacts/api/get-contact-tags';
import { CONSENT } from '@/features/contacts/utils/consent';
import { useReturnFocus } from '@/hooks/use-return-focus';

/** What a confirmed bulk action sends, besides the contacts it names. */
export interface BulkChoice {
  action: BulkAction;
  consent?: ConsentLevel;
  existing_customer?: boolean;
  tag?: string;
}

type ExistingChoice = 'keep' | 'yes' | 'no';

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
  const consentLabel = useId();
  const existingLabel = useId();
  const tags = useContactTags();

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
            <>
              <div className="grid gap-3">
                <p id={consentLabel} className="text-sm font-medium">
                  What they agreed to
                </p>
                <RadioGroup
                  aria-labelledby={consentLabel}
                  aria-describedby={error ? 'bulk-error' : undefined}
                  aria-required="true"
                  aria-invalid={error ? true : undefined}
                  value={consent ?? ''}
                  onValueChange={(value) => {
                    setConsent(value as ConsentLevel);
                    setError(undefined);
                  }}
                >
                  {CONSENT_LEVELS.map((level) => (
                    <div key={level} className="flex items-start gap-3">
                      <RadioGroupItem
                        id={`bulk-consent-${level}`}
                        value={level}
                        aria-describedby={`bulk-consent-${level}-hint`}
                        className="mt-0.5"
                      />
                      <div className="grid gap-1">
                        <Label htmlFor={`bulk-consent-${level}`} className="font-normal">
                          {CONSENT[level].label}
                        </Label>
                        <p id={`bulk-consent-${level}-hint`} className="text-xs text-muted-foreground">
                          {CONSENT[level].explanation}
                        </p>
                      </div>
                    </div>
                  ))}
                </RadioGroup>
              </div>
              <div className="grid gap-3">
                <p id={existingLabel} className="text-sm font-medium">
                  Existing customers
                </p>
                <RadioGroup
                  aria-labelledby={existingLabel}
                  value={existing}
                  onValueChange={(value) => setExisting(value as ExistingChoice)}
                  className="flex flex-wrap gap-x-5 gap-y-2"
                >
                  {(
                    [
                      ['keep', 'Leave as they are'],
                      ['yes', 'Yes, existing customers'],
                      ['no', 'No'],
                    ] as const
                  ).map(([value, label]) => (
                    <div key={value} className="flex items-center gap-2">
                      <RadioGroupItem id={`bulk-existing-${value}`} value={value} />
                      <Label htmlFor={`bulk-existing-${value}`} className="font-normal">
                        {label}
                      </Label>
                    </div>
                  ))}
                </RadioGroup>
              </div>
            </>
          )}
          {(action === 'add_tag' || action === 'remove_tag') && (
            <FormField id="bulk-tag" label="Tag" error={error}>
              <Input
                id="bulk-tag"
                value={tag}
                list="bulk-tag-options"
                autoComplete="off"
                aria-required="true"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? fieldMessageId('bulk-tag') : undefined}
                onChange={(event) => {
                  setTag(event.target.value);
                  setError(undefined);
                }}
              />
              <datalist id="bulk-tag-options">
                {(tags.data ?? []).map((option) => (
                  <option key={option.tag} value={option.tag} />
                ))}
              </datalist>
            </FormField>
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
