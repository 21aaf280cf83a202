import {
  type CreateContactImportInput,
  createContactImportInputSchema,
} from '@callwise/shared/schemas/contact-imports';
import type { ColumnMapping, ImportField } from '@/features/contacts/utils/csv-import';
import { fieldProblemsOf, mappingFieldOf } from '@/lib/form-errors';

type MappingProblems = Partial<Record<ImportField, string>>;

/**
 * The mapping the import request sends (the optional columns only when chosen), or what is wrong with it: the
 * first problem of each field.
 */
export function checkMapping(
  mapping: ColumnMapping,
): { ok: true; mapping: CreateContactImportInput['mapping'] } | { ok: false; problems: MappingProblems } {
  const { tags, first_name, last_name, consent, existing_customer, ...required } = mapping;
  const checked = createContactImportInputSchema.shape.mapping.safeParse({
    ...required,
    ...(first_name ? { first_name } : {}),
    ...(last_name ? { last_name } : {}),
    ...(tags ? { tags } : {}),
    ...(consent ? { consent } : {}),
    ...(existing_customer ? { existing_customer } : {}),
  });
  if (checked.success) return { ok: true, mapping: checked.data };
  const problems: MappingProblems = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as ImportField;
    problems[field] ??= issue.message;
  }
  return { ok: false, problems };
}

/** The server's problems with a refused import's mapping (`mapping.phone`), by field of the mapping. */
export function mappingProblemsOf(error: unknown, mapping: ColumnMapping): MappingProblems {
  return fieldProblemsOf(error, mappingFieldOf(mapping));
}
