import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { fieldErrorsOf } from '@/lib/form-errors';

/**
 * Puts a refused request's per-field problems under the form's fields, the first one placed taking the focus.
 * `fieldOf` says which form field a request field is (none: the problem is not placed); `beforeFirst` runs just
 * before the first one is placed (to bring its step back on screen). Answers whether any was placed.
 */
export function placeFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldOf: (field: string) => FieldPath<T> | null | undefined,
  setError: UseFormSetError<T>,
  beforeFirst?: () => void,
): boolean {
  let focused = false;
  for (const problem of fieldErrorsOf(error)) {
    const name = fieldOf(problem.field);
    if (!name) continue;
    if (!focused) beforeFirst?.();
    setError(name, { type: 'server', message: problem.message }, { shouldFocus: !focused });
    focused = true;
  }
  return focused;
}
