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

/** Every record of the text, each with the line number it starts on (1-based). Blank (or whitespace-only) lines are skipped. */
export function parseCsv(
  input: string,
  delimiter = detectDelimiter(input),
): Array<{ line: number; fields: string[] }> {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;
  let quotedField = false;

  const endRecord = () => {
    fields.push(field);
    const blank = fields.length === 1 && (fields[0] ?? '').trim() === '' && !quotedField;
    if (!blank) records.push({ line: recordLine, fields });
    quotedField = false;
    fields = [];
    field = '';
    fieldStarted = false;
  };

  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      quotedField = true;
      fieldStarted = true;
    } else if (char === delimiter) {
      fields.push(field);
      field = '';
      fieldStarted = true;
    } else if (char === '\r' && text[i + 1] === '\n') {
      // the \n ends the record
    } else if (char === '\n' || char === '\r') {
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (field !== '' || fields.length > 0 || fieldStarted) endRecord();
  return records;
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
