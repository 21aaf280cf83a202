import { useState } from 'react';
import { fieldMessageId } from '@/components/ui/form-field';
import { sentenceOf } from '@/features/settings/components/calendar-connection-parts';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';

/**
 * What went wrong in a calendar connection's form (`prefix` names its fields' ids, "add-calendar-name"): each
 * field's problem, the first of them focused, and the problem of the whole form when the server names no field.
 */
export function useConnectionErrors<Field extends string>(prefix: string, fields: readonly Field[]) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string>();

  const showErrors = (problems: Partial<Record<Field, string>>) => {
    setErrors(problems);
    const first = fields.find((field) => problems[field]);
    if (first) document.getElementById(`${prefix}-${first}`)?.focus();
  };

  /** The server refused: its problems shown by the fields they name, or as the form's. */
  const refused = (error: unknown) => {
    const problems: Partial<Record<Field, string>> = {};
    for (const problem of fieldErrorsOf(error)) {
      if ((fields as readonly string[]).includes(problem.field))
        problems[problem.field as Field] ??= sentenceOf(problem.field, problem.message);
    }
    if (Object.keys(problems).length > 0) showErrors(problems);
    else setFormError(errorMessage(error));
  };

  /** A field's id and how it tells its problem. */
  const field = (id: Field) => ({
    id: `${prefix}-${id}`,
    'aria-invalid': errors[id] ? true : undefined,
    'aria-describedby': fieldMessageId(`${prefix}-${id}`),
  });

  return { errors, setErrors, formError, setFormError, showErrors, refused, field };
}
