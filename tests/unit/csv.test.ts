import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, plainNumber, recordsToCsv, toCsv } from '#lib/shared/csv.ts';

describe('csv (RFC 4180)', () => {
  it('writes a header row and CRLF line ends', () => {
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('"a","b"\r\n1,"x"\r\n');
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
    expect(csvCell('ordinary')).toBe('"ordinary"');
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

  it('quotes every text cell and leaves numbers plain', () => {
    expect(
      toCsv(
        ['name', 'value', 'ok'],
        [
          ['a', -3.9, true],
          ['', '1500000.25', false],
        ],
      ),
    ).toBe('"name","value","ok"\r\n"a",-3.9,true\r\n"",1500000.25,false\r\n');
  });
});

/** The names an outside attack used, and variations of them. */
const HOSTILE = [
  "x;=cmd|' /C calc'!A0;y",
  'a\t=cmd|calc!A0',
  '\t=1+1',
  '\rcmd',
  '=HYPERLINK("http://evil.example","x")',
  '"=cmd|calc!A0"',
  'name";=1+2;"',
  'x,@SUM(1+1)*cmd|calc!A0',
  'x; "+1+1',
  'x\n-2+3',
  'x\r\n=1',
  '\uFF1D1+1',
  'safe; -3.9',
];
const TRIGGER = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

describe('CSV injection (OWASP), read back with three separators', () => {
  // Hostile text in the first, a middle and the last column, between numbers and plain text.
  const text = recordsToCsv(
    ['name', 'value', 'note', 'other'],
    HOSTILE.map((h, i) => ({ name: h, value: -i - 0.5, note: h, other: `${h}|${i}` })),
  );

  it.each([',', ';', '\t'])('no cell read with separator %j starts a formula', (separator) => {
    const cells = parseCsv(text, separator).flat();
    expect(cells.length).toBeGreaterThan(HOSTILE.length);
    const formulas = cells.filter((c) => TRIGGER.test(c) && !NUMBER.test(c));
    expect(formulas).toEqual([]);
  });

  it("with the file's own separator, every name reads back as it was, but for the apostrophes", () => {
    const rows = parseCsv(text).slice(1);
    expect(rows.map((r) => r.length)).toEqual(HOSTILE.map(() => 4));
    const undo = (c: string) => c.replace(/'(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g, '');
    expect(rows.map((r) => undo(r[0]))).toEqual(HOSTILE);
    expect(rows.map((r) => undo(r[2]))).toEqual(HOSTILE);
    expect(rows.map((r) => Number(r[1]))).toEqual(HOSTILE.map((_, i) => -i - 0.5));
  });
});
