import { describe, expect, it } from 'vitest';
import { ApiError, isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf, fieldProblemsOf, mappingFieldOf } from '@/lib/form-errors';

describe('fieldErrorsOf', () => {
  it('reads the problems of a refused request, whether named by field or by path', () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid input', [
      { field: 'phone', message: 'Enter a valid number.' },
      { path: ['variables', 'date'], message: 'Enter a value.' },
      { path: 'mapping.name', message: 'No such column.' },
    ]);
    expect(fieldErrorsOf(error)).toEqual([
      { field: 'phone', message: 'Enter a valid number.' },
      { field: 'variables.date', message: 'Enter a value.' },
      { field: 'mapping.name', message: 'No such column.' },
    ]);
  });

  it('is empty for a problem without a field, details of another shape, or another error', () => {
    expect(fieldErrorsOf(new ApiError(400, 'bad', 'x', [{ message: 'The whole request' }]))).toEqual([]);
    expect(fieldErrorsOf(new ApiError(400, 'bad', 'x', { phone: 'wrong shape' }))).toEqual([]);
    expect(fieldErrorsOf(new ApiError(500, 'internal', 'x'))).toEqual([]);
    expect(fieldErrorsOf(new Error('not from the API'))).toEqual([]);
  });
});

describe('errorMessage and isApiError', () => {
  it('says the error’s own message, a thrown string, or the fallback', () => {
    expect(errorMessage(new ApiError(409, 'conflict', 'The call has gone out.'))).toBe(
      'The call has gone out.',
    );
    expect(errorMessage('Plain words')).toBe('Plain words');
    expect(errorMessage(new Error(''))).toBe('Something went wrong. Please try again.');
    expect(errorMessage(undefined, 'Nothing')).toBe('Nothing');
  });

  it('recognises API errors only', () => {
    expect(isApiError(new ApiError(404, 'not_found', 'Gone'))).toBe(true);
    expect(isApiError(new Error('Gone'))).toBe(false);
    expect(new ApiError(404, 'not_found', 'Gone').name).toBe('ApiError');
  });
});

describe('fieldProblemsOf', () => {
  it('keys the problems by form field, leaving out the fields the form does not have', () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid input', [
      { field: 'mapping.phone', message: 'No such column.' },
      { field: 'mapping.other', message: 'Unknown field.' },
      { field: 'file_name', message: 'Too long.' },
    ]);
    expect(fieldProblemsOf(error, mappingFieldOf({ phone: '', name: '' }))).toEqual({
      phone: 'No such column.',
    });
    expect(fieldProblemsOf(error, (field) => (field === 'file_name' ? 'file' : null))).toEqual({
      file: 'Too long.',
    });
  });
});
