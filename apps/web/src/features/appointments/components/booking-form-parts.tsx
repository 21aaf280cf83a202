import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';

/** Notes on a booking or a waitlist entry: optional, seen only by the team. */
export function TeamNotesField({
  id,
  value,
  onChange,
  error,
  rows,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  rows: number;
}) {
  return (
    <FormField id={id} label="Notes" error={error} description="Optional, for your team only.">
      <Textarea
        id={id}
        value={value}
        rows={rows}
        aria-describedby={fieldMessageId(id)}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}

/** Cancel closes the dialog; the submit button says what it does, and that it is doing it. */
export function FormDialogFooter({
  pending,
  submitLabel,
  pendingLabel,
}: {
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
