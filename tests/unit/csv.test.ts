import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, plainNumber, recordsToCsv, toCsv } from '#lib/shared/csv.ts';

describe('csv (RFC 4180)', () => {
  it('writes a header row and CRLF line ends', () => {
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n');
  });
  it('quotes fields with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });
  it('writes plain numbers: no exponent, no separators, no currency', () => {
    expect(plainNumber(2.2e9)).toBe('2200000000');
    expect(plainNumber(1e21)).toBe('1000000000000000000000');
    expect(plainNumber(1e-7)).toBe('0.0000001');
    expect(plainNumber(-3.9)).toBe('-3.9');
    expect(plainNumber(NaN)).toBe('');
    expect(csvCell(null)).toBe('');
  });
  it('defuses text a spreadsheet would run as a formula, but leaves numbers and numeric strings alone', () => {
    for (const bad of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '-cmd|x'])
      expect(csvCell(bad).replace(/^"/, '').startsWith("'"), bad).toBe(true);
    expect(csvCell(-0.88)).toBe('-0.88');
    expect(csvCell('-0.88')).toBe('-0.88');
    expect(csvCell('ordinary')).toBe('ordinary');
  });
  it('parses back what it writes', () => {
    const rows = [
      { name: 'a,"b"', value: 1.5, note: 'x\r\ny' },
      { name: '', value: 0, note: null },
    ];
    const text = recordsToCsv(['name', 'value', 'note'], rows);
    expect(parseCsv(text)).toEqual([
      ['name', 'value', 'note'],
      ['a,"b"', '1.5', 'x\r\ny'],
      ['', '0', ''],
    ]);
  });
});
