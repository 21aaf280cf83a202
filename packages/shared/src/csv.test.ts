import { describe, expect, it } from 'vitest';
import { csvCell, csvHeaderAndCount, csvLine, csvRecords, detectDelimiter, parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks, and numbers records by their first line', () => {
    const text = '\uFEFFname,note\r\n"Lopez, Maria","said ""hi""\nthen left"\r\n\r\nTom,plain\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['name', 'note'] },
      { line: 2, fields: ['Lopez, Maria', 'said "hi"\nthen left'] },
      { line: 5, fields: ['Tom', 'plain'] },
    ]);
  });
  it('keeps empty fields and a last line without a newline', () => {
    expect(parseCsv('a,,c\n,,\nx')).toEqual([
      { line: 1, fields: ['a', '', 'c'] },
      { line: 2, fields: ['', '', ''] },
      { line: 3, fields: ['x'] },
    ]);
  });
  it('detects semicolons and tabs', () => {
    expect(detectDelimiter('name;phone;email\n')).toBe(';');
    expect(detectDelimiter('name\tphone\n')).toBe('\t');
    expect(detectDelimiter('"a;b",c\n')).toBe(',');
    expect(parseCsv('a;b\n1;2')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
    ]);
  });
});

describe('csv output', () => {
  it('quotes when needed and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "x"')).toBe('"say ""x"""');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+12025550100', { formulaSafe: false })).toBe('+12025550100');
    expect(csvCell(null)).toBe('');
  });
  it('round-trips through the parser', () => {
    const line = csvLine(['Lopez, Maria', '+12025550100', 'line\nbreak'], new Set([1]));
    expect(parseCsv(line)[0]?.fields).toEqual(['Lopez, Maria', '+12025550100', 'line\nbreak']);
  });
});

describe('csvRecords', () => {
  it('gives the records one at a time, as parseCsv does, with quotes that only open at a field’s start', () => {
    const text = 'a,b\n1,x"y\n"2\r\n",""""\n\n   \n3,"q"tail\n4';
    const records = csvRecords(text);
    expect(records.next().value).toEqual({ line: 1, fields: ['a', 'b'] });
    expect(records.next().value).toEqual({ line: 2, fields: ['1', 'x"y'] });
    expect([...records]).toEqual([
      { line: 3, fields: ['2\r\n', '"'] },
      { line: 7, fields: ['3', 'qtail'] },
      { line: 8, fields: ['4'] },
    ]);
    expect(parseCsv(text)).toEqual([...csvRecords(text)]);
  });
});

describe('csvHeaderAndCount', () => {
  it('agrees with the full parser', () => {
    const text = '\uFEFFname,note\r\n"Lopez, Maria","line\nbreak"\r\n\r\nTom,x\n  \nAna,"a ""b"""';
    expect(csvHeaderAndCount(text)).toEqual({ header: ['name', 'note'], rows: parseCsv(text).length - 1 });
    expect(csvHeaderAndCount(text).rows).toBe(3);
    expect(csvHeaderAndCount('a;b\n1;2\n').header).toEqual(['a', 'b']);
    expect(csvHeaderAndCount('')).toEqual({ header: [], rows: 0 });
  });
});
