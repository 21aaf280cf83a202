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

/**
 * A refused request's per-field problems by form field: `fieldOf` says which form field a request field is (none:
 * the problem is left out); of two problems for one field the later is kept.
 */
export function fieldProblemsOf<F extends string>(
  error: unknown,
  fieldOf: (field: string) => F | null | undefined,
): Partial<Record<F, string>> {
  const problems: Partial<Record<F, string>> = {};
  for (const problem of fieldErrorsOf(error)) {
    const field = fieldOf(problem.field);
    if (field) problems[field] = problem.message;
  }
  return problems;
}

/** For `fieldProblemsOf` on a CSV import: the mapping's field a request field names (`mapping.phone`), or null. */
export function mappingFieldOf<F extends string>(mapping: Readonly<Record<F, unknown>>) {
  return (name: string): F | null => {
    const field = name.replace(/^mapping\./, '');
    return field in mapping ? (field as F) : null;
  };
}
