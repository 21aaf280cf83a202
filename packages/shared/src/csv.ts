/**
 * RFC 4180 CSV: quoted fields with commas, quotes ("") and line breaks; CRLF or LF; a leading byte-order mark
 * is ignored. Also detects a semicolon or tab delimiter (spreadsheets in many locales export those).
 */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const firstLine = text.slice(0, text.search(/\r?\n/) === -1 ? text.length : text.search(/\r?\n/));
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as keyof typeof counts]++;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}

export interface CsvRecord {
  /** The line the record starts on (1-based). */
  line: number;
  fields: string[];
}

/** Every record of the text, each with the line number it starts on (1-based). Blank (or whitespace-only) lines are skipped. */
export function parseCsv(input: string, delimiter = detectDelimiter(input)): CsvRecord[] {
  return Array.from(csvRecords(input, delimiter));
}

/**
 * The records of the text one at a time (as parseCsv), so that a large file can be worked through in batches
 * without holding every row at once or parsing it all in one go.
 */
export function* csvRecords(input: string, delimiter = detectDelimiter(input)): Generator<CsvRecord> {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const separator = delimiter.charCodeAt(0);
  const length = text.length;
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;
  let quotedField = false;
  let i = 0;

  /** The record just ended, unless it is blank. */
  const endRecord = (): CsvRecord | null => {
    fields.push(field);
    const blank = fields.length === 1 && (fields[0] ?? '').trim() === '' && !quotedField;
    const record = blank ? null : { line: recordLine, fields };
    quotedField = false;
    fields = [];
    field = '';
    fieldStarted = false;
    return record;
  };

  while (i < length) {
    if (quoted) {
      // Up to the next quote: a doubled quote is one quote, a single one ends the field.
      const quote = text.indexOf('"', i);
      const end = quote === -1 ? length : quote;
      for (let at = text.indexOf('\n', i); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) line++;
      field += text.slice(i, end);
      if (quote === -1) break;
      if (text.charCodeAt(quote + 1) === 34) {
        field += '"';
        i = quote + 2;
      } else {
        quoted = false;
        i = quote + 1;
      }
      continue;
    }
    const char = text.charCodeAt(i);
    if (char === 34 /* " */ && field === '') {
      quoted = true;
      quotedField = true;
      fieldStarted = true;
      i++;
    } else if (char === separator) {
      fields.push(field);
      field = '';
      fieldStarted = true;
      i++;
    } else if (char === 13 /* \r */ && text.charCodeAt(i + 1) === 10) {
      i++; // the \n ends the record
    } else if (char === 10 /* \n */ || char === 13) {
      const record = endRecord();
      if (record) yield record;
      line++;
      recordLine = line;
      i++;
    } else {
      // A run of ordinary characters (a quote inside a field is one of them) up to a separator or line break.
      let end = i + 1;
      for (; end < length; end++) {
        const next = text.charCodeAt(end);
        if (next === separator || next === 10 || next === 13) break;
      }
      field += text.slice(i, end);
      fieldStarted = true;
      i = end;
    }
  }
  if (field !== '' || fields.length > 0 || fieldStarted) {
    const record = endRecord();
    if (record) yield record;
  }
}

/** A CSV cell, quoted when needed. Text that a spreadsheet would run as a formula is neutralised. */
export function csvCell(value: unknown, options: { formulaSafe?: boolean } = { formulaSafe: true }): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (options.formulaSafe !== false && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF-terminated) from cells; `raw` marks cells that must not be formula-escaped (phone numbers). */
export function csvLine(cells: unknown[], raw: ReadonlySet<number> = new Set()): string {
  return `${cells.map((cell, i) => csvCell(cell, { formulaSafe: !raw.has(i) })).join(',')}\r\n`;
}

/**
 * The first record (the header) and how many non-blank records follow, without building every row: cheap
 * enough to run on a large upload before it is queued.
 */
export function csvHeaderAndCount(
  input: string,
  delimiter = detectDelimiter(input),
): { header: string[]; rows: number } {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const headerEnd = findRecordEnd(text, 0);
  const header = parseCsv(text.slice(0, headerEnd), delimiter)[0]?.fields ?? [];
  let rows = 0;
  let start = headerEnd;
  while (start < text.length) {
    const end = findRecordEnd(text, start);
    if (text.slice(start, end).trim() !== '') rows++;
    start = end;
  }
  return { header, rows };
}

/** The index just past the line break that ends the record starting at `start` (quotes respected). */
function findRecordEnd(text: string, start: number): number {
  let quoted = false;
  for (let i = start; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 34 /* " */) quoted = !quoted;
    else if (!quoted && char === 10 /* \n */) return i + 1;
    else if (!quoted && char === 13 /* \r */) return text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
  }
  return text.length;
}
