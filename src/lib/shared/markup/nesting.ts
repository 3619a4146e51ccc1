/**
 * Bounds the nesting Markdown can express before the text is parsed. The parser and the tree walkers
 * after it recurse once per level, and some steps are quadratic in the depth: 5,000 `>` overflowed the
 * stack (a permanent 500), 10,000 `- ` took 51 s, 2,000 lines indented one step deeper each 349 s, and
 * a run of 20,000 `*` 72 s. Past these limits the text is kept and only the structure is flattened
 * (what a reader could not follow anyway); ordinary writing never comes near them.
 */

/** Container markers (`>`, `-`, `*`, `+`, `1.`, `1)`) honoured at the start of one line. */
export const MAX_NESTING = 16;
/** Leading indentation kept, in columns (a tab counts 4; a `- ` item nests per 2): deeper lines become siblings at this depth. */
export const MAX_INDENT = 2 * MAX_NESTING;
/** Longest run of one emphasis delimiter (`*`, `_`, `~`) left to the parser; longer runs are literal text. */
export const MAX_DELIMITER_RUN = 32;

// One container marker and the whitespace before it: a blockquote `>`, or a list marker followed by
// whitespace or the end of the line (so `**bold**` and `-1` are not markers).
const MARKER = /[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$))/y;
const LONG_RUN = new RegExp(`([*_~])\\1{${MAX_DELIMITER_RUN},}`, 'g');

const width = (whitespace: string) => [...whitespace].reduce((w, c) => w + (c === '\t' ? 4 - (w % 4) : 1), 0);

/** The line with at most MAX_NESTING container markers and at most MAX_INDENT columns of indentation. */
function limitLine(line: string): string {
  // Sticky matching from the end of the previous marker: one pass over the line however many there are.
  let end = 0;
  let keptEnd = 0;
  let markers = 0;
  MARKER.lastIndex = 0;
  for (let m = MARKER.exec(line); m; m = MARKER.exec(line)) {
    end = MARKER.lastIndex;
    if (++markers <= MAX_NESTING) keptEnd = end;
  }
  const kept = line.slice(0, keptEnd);
  let rest = line.slice(end);
  if (markers > MAX_NESTING) rest = rest.replace(/^[ \t]+/, ' ');
  let out = kept + rest;
  const indent = /^[ \t]*/.exec(out)![0];
  if (width(indent) > MAX_INDENT) out = ' '.repeat(MAX_INDENT) + out.slice(indent.length);
  return out;
}

/** The source with its nesting bounded (see above); text within the limits comes back unchanged. */
export function limitNesting(source: string): string {
  return source
    .split('\n')
    .map(limitLine)
    .join('\n')
    .replace(LONG_RUN, (run) => run.replace(/[*_~]/g, '\\$&'));
}
