import { NameSelect } from '@/components/name-select';
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

/**
 * The service and the staff member of a booking or a waitlist entry (`<id>-service`, `<id>-staff`), each a
 * choice of names with an empty one (`emptyLabels`: what no service and no one mean here).
 */
export function ServiceStaffSelects({
  id,
  service,
  onServiceChange,
  serviceNames,
  staff,
  onStaffChange,
  staffNames,
  emptyLabels,
  errors,
}: {
  id: string;
  service: string;
  onServiceChange: (name: string) => void;
  serviceNames: readonly string[];
  staff: string;
  onStaffChange: (name: string) => void;
  staffNames: readonly string[];
  emptyLabels: { service: string; staff: string };
  errors: { service?: string; staff?: string };
}) {
  return (
    <>
      <NameSelect
        id={`${id}-service`}
        label="Service"
        value={service}
        onChange={onServiceChange}
        names={serviceNames}
        emptyLabel={emptyLabels.service}
        error={errors.service}
      />
      <NameSelect
        id={`${id}-staff`}
        label="Staff"
        value={staff}
        onChange={onStaffChange}
        names={staffNames}
        emptyLabel={emptyLabels.staff}
        error={errors.staff}
      />
    </>
  );
}
