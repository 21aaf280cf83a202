import { formatPhone } from '@callwise/shared/phone';
import {
  createDoNotCallInputSchema,
  DO_NOT_CALL_NOTE_MAX_LENGTH,
} from '@callwise/shared/schemas/do-not-call';
import { PlusIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useAddDoNotCall } from '@/features/settings/api/add-do-not-call';
import { plural } from '@/features/settings/utils/do-not-call';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';

/** Add a number, with an optional note; a refused number is explained under its field. */
export function AddNumberForm() {
  const add = useAddDoNotCall();
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; note?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createDoNotCallInputSchema.safeParse({ phone, note: note.trim() || null });
    if (!parsed.success) {
      const byField: Record<string, string> = {};
      for (const issue of parsed.error.issues) byField[String(issue.path[0])] ??= issue.message;
      setErrors(byField);
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (entry) => {
        setPhone('');
        setNote('');
        const number = formatPhone(entry.phone);
        if (entry.already_listed) {
          toast.info('Already on the list', {
            description: `${number} has been on the list since ${formatDate(entry.created_at)}.`,
          });
        } else {
          toast.success('Number added', {
            description:
              entry.canceled_calls > 0
                ? `${number} will not be called. ${plural(entry.canceled_calls, 'waiting call')} to it ${entry.canceled_calls === 1 ? 'was' : 'were'} cancelled.`
                : `${number} will not be called.`,
          });
        }
      },
      onError: (error) => {
        const problems = fieldErrorsOf(error);
        const byField = Object.fromEntries(problems.map((problem) => [problem.field, problem.message]));
        if (byField.phone || byField.note) setErrors(byField);
        else toast.error('Error adding the number', { description: errorMessage(error) });
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add a number to the do-not-call list"
      className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-start"
    >
      <FormField id="dnc-phone" label="Phone number" error={errors.phone}>
        <Input
          id="dnc-phone"
          type="tel"
          autoComplete="off"
          value={phone}
          maxLength={40}
          placeholder="(202) 555-0143"
          onChange={(event) => setPhone(event.target.value)}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={errors.phone ? fieldMessageId('dnc-phone') : undefined}
        />
      </FormField>
      <FormField id="dnc-note" label="Note (optional)" error={errors.note}>
        <Input
          id="dnc-note"
          value={note}
          maxLength={DO_NOT_CALL_NOTE_MAX_LENGTH}
          placeholder="e.g. Asked by e-mail"
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? fieldMessageId('dnc-note') : undefined}
        />
      </FormField>
      <Button type="submit" disabled={add.isPending} className="sm:mt-[1.375rem]">
        <PlusIcon aria-hidden="true" />
        {add.isPending ? 'Adding...' : 'Add Number'}
      </Button>
    </form>
  );
}
