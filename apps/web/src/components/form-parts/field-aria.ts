import { fieldMessageId } from '@/components/ui/form-field';

/**
 * The ARIA state of a form control: invalid while it has an error, and described by its field's message line when
 * that shows an error or (with `described`) a hint.
 */
export const fieldAria = (id: string, error: string | undefined, described = false) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error || described ? fieldMessageId(id) : undefined,
});
