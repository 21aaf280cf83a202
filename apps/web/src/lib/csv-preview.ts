import { detectDelimiter, parseCsv } from '@callwise/shared/csv';

/** How many data rows an import's preview shows. */
export const PREVIEW_ROWS = 5;
/** Only this much of a file is read for the preview: a large file is parsed by the server, not the page. */
const PREVIEW_BYTES = 256 * 1024;

/** "E-mail Address" -> "emailaddress": header names compared without case, spaces and punctuation. */
export const simplifyHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface CsvPreview {
  /** The header row's names, trimmed, without blanks and repeats (the import finds a column by its name). */
  headers: string[];
  /** The first data rows, each as header name -> cell. */
  rows: Array<{ line: number; cells: Map<string, string> }>;
  /** How many data rows the file has, when the whole file was read for the preview. */
  rowCount: number | undefined;
}

/**
 * Reads the header and the first rows of a CSV file, or says why it cannot be imported. `rowsNoun` names what
 * the rows are ("contacts", "appointments").
 */
export function previewCsv(text: string, rowsNoun: string): CsvPreview | { error: string } {
  const whole = text.length <= PREVIEW_BYTES;
  let head = text;
  if (!whole) {
    head = text.slice(0, PREVIEW_BYTES);
    head = head.slice(0, Math.max(head.lastIndexOf('\n'), 0));
  }
  const records = parseCsv(head, detectDelimiter(text));
  const header = records[0]?.fields.map((name) => name.trim()) ?? [];
  if (header.every((name) => name === '')) return { error: 'The file is empty.' };
  if (records.length < 2) return { error: `The file has a header row but no ${rowsNoun}.` };
  const rows = records.slice(1, PREVIEW_ROWS + 1).map((record) => {
    const cells = new Map<string, string>();
    header.forEach((name, index) => {
      if (name && !cells.has(name)) cells.set(name, (record.fields[index] ?? '').trim());
    });
    return { line: record.line, cells };
  });
  return {
    headers: [...new Set(header.filter((name) => name !== ''))],
    rows,
    rowCount: whole ? records.length - 1 : undefined,
  };
}

/** "1.5 MB", "20 MB", "820 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Pre-selects a column for each field from the headers' names: first a header whose simplified name is one of
 * the field's exact names, then (in the order of `contains`) one containing a hint, unless `skipHint` rules the
 * header out. Each column is used at most once; '' when none fits.
 */
export function guessColumns<Field extends string>(
  headers: readonly string[],
  fields: readonly Field[],
  exact: Readonly<Record<Field, readonly string[]>>,
  contains: ReadonlyArray<readonly [Field, readonly string[]]>,
  skipHint: (simpleHeader: string) => boolean = () => false,
): Record<Field, string> {
  const mapping = Object.fromEntries(fields.map((field) => [field, ''])) as Record<Field, string>;
  const used = new Set<string>();
  const take = (field: Field, header: string | undefined) => {
    if (!header || mapping[field]) return;
    mapping[field] = header;
    used.add(header);
  };
  for (const field of fields) {
    take(
      field,
      headers.find((header) => !used.has(header) && exact[field].includes(simplifyHeader(header))),
    );
  }
  for (const [field, hints] of contains) {
    take(
      field,
      headers.find((header) => {
        const simple = simplifyHeader(header);
        if (used.has(header) || skipHint(simple)) return false;
        return hints.some((hint) => simple.includes(hint));
      }),
    );
  }
  return mapping;
}
