import { z } from 'zod';
import { isApiError } from '@/lib/api-error';

const fieldProblemsSchema = z.array(z.object({ field: z.string(), message: z.string() }));

/**
 * The per-field problems of a refused request (a 400 `validation_failed` answers `details: [{field, message}]`),
 * to show under the form's fields; empty for any other error.
 */
export function fieldErrorsOf(error: unknown): Array<{ field: string; message: string }> {
  if (!isApiError(error)) return [];
  const parsed = fieldProblemsSchema.safeParse(error.details);
  return parsed.success ? parsed.data : [];
}
