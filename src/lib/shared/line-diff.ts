import { diffArrays } from 'diff';

/** One line of a diff: kept, added (in the newer text) or removed (only in the older one). */
export interface DiffLine {
  type: 'same' | 'add' | 'del';
  text: string;
}

/**
 * Past this many differing lines the diff stops aligning: the admin sees the old text removed and
 * the new one added, still correct, and the server's work stays bounded for any pair of texts.
 */
const MAX_EDIT_LENGTH = 2_000;

/**
 * A line diff of two texts, for the admin's History panel: the `diff` package's Myers diff over
 * the texts' lines, shaped as the panel draws it.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const changes = diffArrays(a, b, { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) return [...a.map((text) => ({ type: 'del' as const, text })), ...b.map((text) => ({ type: 'add' as const, text }))];
  return changes.flatMap((c) => {
    const type = c.added ? 'add' : c.removed ? 'del' : 'same';
    return c.value.map((text) => ({ type, text }) as DiffLine);
  });
}
