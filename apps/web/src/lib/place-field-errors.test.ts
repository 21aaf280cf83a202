import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { placeFieldErrors } from '@/lib/place-field-errors';

const refused = new ApiError(400, 'validation_failed', 'Invalid request', [
  { field: 'color', message: 'Not a colour.' },
  { field: 'name', message: 'Enter a name.' },
  { path: ['phone', 0], message: 'Not a phone number.' },
]);
const fieldOf = (field: string) => (field === 'name' ? 'name' : field === 'phone.0' ? 'phone' : null);

describe('placing a refused request’s problems under the form’s fields', () => {
  it('places the problems of known fields, focusing only the first one placed', () => {
    const setError = vi.fn();
    const before = vi.fn();
    expect(placeFieldErrors(refused, fieldOf, setError, before)).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['name', { type: 'server', message: 'Enter a name.' }, { shouldFocus: true }],
      ['phone', { type: 'server', message: 'Not a phone number.' }, { shouldFocus: false }],
    ]);
    expect(before).toHaveBeenCalledTimes(1);
  });

  it('places nothing for an error that names no field', () => {
    const setError = vi.fn();
    const before = vi.fn();
    expect(placeFieldErrors(new ApiError(500, 'internal', 'Oops'), fieldOf, setError, before)).toBe(false);
    expect(placeFieldErrors(new Error('offline'), fieldOf, setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
    expect(before).not.toHaveBeenCalled();
  });
});
