import { describe, expect, it } from 'vitest';
import { formatFileSize, guessColumns, previewCsv, simplifyHeader } from '@/lib/csv-preview';

describe('previewCsv', () => {
  it('reads the headers (trimmed, blanks and repeats left out) and the first rows with their lines', () => {
    const preview = previewCsv(
      ' Name ,Phone,,Name\nMaria, 202 555 0143 ,x,again\nTom,+44 20,,\n',
      'contacts',
    );
    if ('error' in preview) throw new Error(preview.error);
    expect(preview.headers).toEqual(['Name', 'Phone']);
    expect(preview.rowCount).toBe(2);
    expect(preview.rows.map((row) => [row.line, Object.fromEntries(row.cells)])).toEqual([
      [2, { Name: 'Maria', Phone: '202 555 0143' }],
      [3, { Name: 'Tom', Phone: '+44 20' }],
    ]);
  });

  it('shows at most five rows and finds semicolon-separated files', () => {
    const text = ['a;b', ...Array.from({ length: 8 }, (_, index) => `${index};x`)].join('\n');
    const preview = previewCsv(text, 'contacts');
    if ('error' in preview) throw new Error(preview.error);
    expect(preview.headers).toEqual(['a', 'b']);
    expect(preview.rows).toHaveLength(5);
    expect(preview.rowCount).toBe(8);
  });

  it('says why a file cannot be imported', () => {
    expect(previewCsv('', 'contacts')).toEqual({ error: 'The file is empty.' });
    expect(previewCsv(' , \n', 'contacts')).toEqual({ error: 'The file is empty.' });
    expect(previewCsv('Name,Phone\n', 'appointments')).toEqual({
      error: 'The file has a header row but no appointments.',
    });
  });

  it('reads only the start of a large file, and then does not claim a row count', () => {
    const row = `${'x'.repeat(100)},y\n`;
    const preview = previewCsv(`a,b\n${row.repeat(3000)}`, 'contacts');
    if ('error' in preview) throw new Error(preview.error);
    expect(preview.rows).toHaveLength(5);
    expect(preview.rowCount).toBeUndefined();
  });
});

describe('formatFileSize', () => {
  it('says kilobytes (at least 1) below a megabyte, megabytes with one decimal above', () => {
    expect(formatFileSize(10)).toBe('1 KB');
    expect(formatFileSize(820 * 1024)).toBe('820 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20 MB');
  });
});

describe('guessColumns', () => {
  const fields = ['name', 'phone', 'email'] as const;
  const exact = { name: ['name', 'fullname'], phone: ['phone'], email: ['email'] };

  it('takes exact names first (any case and punctuation), then hints, each column once', () => {
    expect(simplifyHeader('E-mail Address')).toBe('emailaddress');
    expect(
      guessColumns(['Full Name', 'Mobile phone', 'E-mail Address'], fields, exact, [
        ['phone', ['phone', 'mobile']],
        ['email', ['mail']],
        ['name', ['name']],
      ]),
    ).toEqual({ name: 'Full Name', phone: 'Mobile phone', email: 'E-mail Address' });
  });

  it('leaves a field empty when nothing fits, and respects skipHint', () => {
    expect(
      guessColumns(['Phone', 'Company name'], fields, exact, [['name', ['name']]], (header) =>
        header.startsWith('company'),
      ),
    ).toEqual({ name: '', phone: 'Phone', email: '' });
  });
});
