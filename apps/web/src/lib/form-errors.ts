import { z } from 'zod';
import { isApiError } from '@/lib/api-error';

/** A problem names its field as `field: "a.b"` or as `path: "a.b"` / `path: ["a", "b"]`. */
const fieldProblemsSchema = z.array(
  z
    .object({
      field: z.string().optional(),
      path: z.union([z.string(), z.array(z.union([z.string(), z.number()]))]).optional(),
      message: z.string(),
    })
    .transform(({ field, path, message }) => ({
      field: field ?? (Array.isArray(path) ? path.join('.') : (path ?? '')),
      message,
    })),
);

/**
 * The per-field problems of a refused request (a 400 `validation_failed` answers `details: [{field, message}]`),
 * to show under the form's fields; empty for any other error.
 */
export function fieldErrorsOf(error: unknown): Array<{ field: string; message: string }> {
  if (!isApiError(error)) return [];
  const parsed = fieldProblemsSchema.safeParse(error.details);
  return parsed.success ? parsed.data.filter((problem) => problem.field !== '') : [];
}
