import { describe, expect, it } from 'vitest';
import { EMPTY_MAPPING } from '@/features/contacts/utils/csv-import';
import { checkMapping, mappingProblemsOf } from '@/features/contacts/utils/import-mapping';
import { ApiError } from '@/lib/api-error';

const mapping = { ...EMPTY_MAPPING, name: 'Name', phone: 'Phone', email: 'Email', company: 'Company' };

describe('the import’s column mapping', () => {
  it('sends the optional columns only when chosen', () => {
    const checked = checkMapping({ ...mapping, tags: 'Groups' });
    expect(checked).toEqual({
      ok: true,
      mapping: { name: 'Name', phone: 'Phone', email: 'Email', company: 'Company', tags: 'Groups' },
    });
  });

  it('says which required column is missing', () => {
    const checked = checkMapping({ ...mapping, phone: '' });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(Object.keys(checked.problems)).toEqual(['phone']);
  });

  it('puts the server’s problems with the mapping under the mapping’s fields', () => {
    const refused = new ApiError(400, 'validation_failed', 'Invalid', [
      { field: 'mapping.phone', message: 'No such column.' },
      { field: 'csv', message: 'Too large.' },
    ]);
    expect(mappingProblemsOf(refused, mapping)).toEqual({ phone: 'No such column.' });
  });
});
