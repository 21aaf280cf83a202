import { KeyRoundIcon, Undo2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** What Save does with a Cal.com API key: leave it, store the one typed, or remove the stored one. */
export type KeyChange = 'keep' | 'set' | 'remove';

/** The Cal.com API key: "stored" with Replace and Remove, a field for a new one, or "will be removed" with Undo. */
export function ApiKeyField({
  hasKey,
  change,
  onChange,
  value,
  onValueChange,
  error,
  inputProps,
}: {
  hasKey: boolean;
  change: KeyChange;
  onChange: (change: KeyChange) => void;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  inputProps: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string };
}) {
  if (change === 'set') {
    return (
      <FormField
        id="edit-calendar-api_key"
        label={hasKey ? 'New Cal.com API key' : 'Cal.com API key (optional)'}
        error={error}
        description="Stored to write changes back to Cal.com later; never shown again."
        labelAside={
          hasKey ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange('keep')}>
              <Undo2Icon aria-hidden="true" />
              Keep current key
            </Button>
          ) : undefined
        }
      >
        <Input
          {...inputProps}
          value={value}
          maxLength={500}
          autoComplete="off"
          spellCheck={false}
          placeholder="cal_live_…"
          onChange={(event) => onValueChange(event.target.value)}
        />
      </FormField>
    );
  }
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">Cal.com API key</p>
      <div className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm" aria-live="polite">
          <KeyRoundIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          {change === 'remove' ? 'The key will be removed when you save.' : 'A key is stored (never shown).'}
        </p>
        <div className="flex gap-2">
          {change === 'remove' ? (
            <Button
              id="edit-calendar-key-action"
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onChange('keep')}
            >
              <Undo2Icon aria-hidden="true" />
              Keep Key
            </Button>
          ) : (
            <>
              <Button
                id="edit-calendar-key-action"
                type="button"
                variant="outline"
                size="sm"
                onClick={() => onChange('set')}
              >
                Replace Key
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={() => onChange('remove')}>
                Remove Key
              </Button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
