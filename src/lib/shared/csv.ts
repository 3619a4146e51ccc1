/**
 * RFC 4180 CSV: CRLF line ends, a header row, quotes doubled. Numbers (and numeric strings: the
 * spec's money travels as strings) are written plain and unquoted (no currency, no thousands
 * separators, no exponent for ordinary magnitudes), so -3.9 stays a number. Every text cell is
 * quoted and defused by OWASP's CSV-injection guidance (see `defuse`).
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

/** A numeric string (the spec's money travels as strings): a number, not a formula, so left as it is. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Where a spreadsheet may start a cell inside our text: at its start, and after any character some
 * locale or sniffer takes as a separator or row end (',' ';' tab CR LF). A spreadsheet opening the
 * file with ';' or tab separators reads a quote in mid-field as a plain character, so a name such
 * as `x;=cmd|' /C calc'!A0;y` would become a cell of its own there despite our quotes. Spaces and
 * quotes before the trigger are skipped ("=..." opens a quoted cell whose text starts with '=').
 */
const CELL_START = /(^|[,;\t\r\n])([\s"]*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * OWASP "CSV injection": every place a cell may start with = + - @ (or their full-width forms,
 * which some spreadsheets fold) gets an apostrophe before that character, and a text starting
 * with tab or CR gets one in front, so no spreadsheet runs any part of it as a formula.
 */
function defuse(text: string): string {
  const inner = text.replace(CELL_START, "$1$2'");
  return /^[\t\r]/.test(inner) ? `'${inner}` : inner;
}

/** One field: numbers plain, text always quoted and defused. */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return plainNumber(value);
  if (typeof value === 'boolean') return String(value);
  if (DECIMAL.test(value)) return value;
  return `"${defuse(value).replace(/"/g, '""')}"`;
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

/**
 * Parses CSV text into rows of strings, as a spreadsheet does: a quote opens a quoted field only at
 * the start of a field (elsewhere it is a plain character), and `separator` is ',' by default or
 * whatever a locale uses (';', tab). For tests and round trips.
 */
export function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
      continue;
    }
    if (ch === '"' && fieldStart) {
      quoted = true;
      fieldStart = false;
    } else if (ch === separator) {
      row.push(cell);
      cell = '';
      fieldStart = true;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      fieldStart = true;
      i++;
    } else {
      cell += ch;
      fieldStart = false;
    }
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
