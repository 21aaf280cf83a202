import { CONSENT_LEVELS, type ConsentLevel } from '@callwise/shared/schemas/contacts';
import { useId } from 'react';
import { HintedRadioOptions } from '@/components/form-parts/hinted-radio-options';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { useContactTags } from '@/features/contacts/api/get-contact-tags';
import { CONSENT } from '@/features/contacts/utils/consent';

export type ExistingChoice = 'keep' | 'yes' | 'no';

const CONSENT_OPTIONS = CONSENT_LEVELS.map((level) => ({
  value: level,
  label: CONSENT[level].label,
  hint: CONSENT[level].explanation,
}));

const EXISTING_OPTIONS = [
  ['keep', 'Leave as they are'],
  ['yes', 'Yes, existing customers'],
  ['no', 'No'],
] as const;

/** Set consent's choices: the consent to record (required) and whether they are existing customers. */
export function BulkConsentFields({
  consent,
  onConsentChange,
  existing,
  onExistingChange,
  error,
}: {
  consent: ConsentLevel | null;
  onConsentChange: (consent: ConsentLevel) => void;
  existing: ExistingChoice;
  onExistingChange: (existing: ExistingChoice) => void;
  /** Nothing chosen yet, when Confirm was pressed. */
  error: string | undefined;
}) {
  const consentLabel = useId();
  const existingLabel = useId();
  return (
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
          onValueChange={(value) => onConsentChange(value as ConsentLevel)}
        >
          <HintedRadioOptions idPrefix="bulk-consent" options={CONSENT_OPTIONS} />
        </RadioGroup>
      </div>
      <div className="grid gap-3">
        <p id={existingLabel} className="text-sm font-medium">
          Existing customers
        </p>
        <RadioGroup
          aria-labelledby={existingLabel}
          value={existing}
          onValueChange={(value) => onExistingChange(value as ExistingChoice)}
          className="flex flex-wrap gap-x-5 gap-y-2"
        >
          {EXISTING_OPTIONS.map(([value, label]) => (
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
  );
}

/** Add tag's and Remove tag's box, suggesting the tags in use. */
export function BulkTagField({
  tag,
  onTagChange,
  error,
}: {
  tag: string;
  onTagChange: (tag: string) => void;
  error: string | undefined;
}) {
  const tags = useContactTags();
  return (
    <FormField id="bulk-tag" label="Tag" error={error}>
      <Input
        id="bulk-tag"
        value={tag}
        list="bulk-tag-options"
        autoComplete="off"
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldMessageId('bulk-tag') : undefined}
        onChange={(event) => onTagChange(event.target.value)}
      />
      <datalist id="bulk-tag-options">
        {(tags.data ?? []).map((option) => (
          <option key={option.tag} value={option.tag} />
        ))}
      </datalist>
    </FormField>
  );
}
