/**
 * RFC 4180 CSV: CRLF line ends, a header row, fields quoted when they hold a comma, quote, CR or
 * LF (quotes doubled). Numbers are written plain (no currency, no thousands separators, no
 * exponent for ordinary magnitudes). A text cell that a spreadsheet would run as a formula
 * (= + - @, tab or CR first) gets a leading apostrophe (OWASP "CSV injection"); numbers are
 * never touched, so -3.9 stays a number.
 */
export type Cell = string | number | boolean | null | undefined;

/** Plain decimal text of a number: 2200000000 -> '2200000000', 1e-7 -> '0.0000001'; '' for NaN/Infinity. */
export function plainNumber(n: number): string {
  if (!Number.isFinite(n)) return '';
  if (Object.is(n, -0)) return '0';
  const s = String(n);
  if (!/e/i.test(s)) return s;
  // Beyond 1e21 or below 1e-6 String() uses exponents; toFixed/toLocaleString give every digit.
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

const FORMULA = /^[=+\-@\t\r]/;
/** A numeric string (the spec's money travels as strings): a number, not a formula, so left as it is. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? plainNumber(value) : String(value);
  if (typeof value === 'string' && FORMULA.test(text) && !DECIMAL.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: the header row, then one row per record, each line ended by CRLF. */
export function toCsv(columns: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [columns, ...rows].map((r) => r.map(csvCell).join(',') + '\r\n').join('');
}

/** Records to CSV in the order of `columns` (keys missing from a record are empty cells). */
export function recordsToCsv<T extends Record<string, unknown>>(columns: readonly (keyof T & string)[], records: readonly T[]): string {
  return toCsv(
    columns,
    records.map((r) => columns.map((c) => r[c] as Cell)),
  );
}

/** Parses RFC 4180 text into rows of strings (for tests and for round trips). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
