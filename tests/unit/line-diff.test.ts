import { describe, expect, it } from 'vitest';
import { lineDiff } from '#lib/shared/line-diff.ts';

describe('lineDiff', () => {
  it('keeps common lines and marks removed and added ones', () => {
    expect(lineDiff('a\nb\nc', 'a\nx\nc')).toEqual([
      { type: 'same', text: 'a' },
      { type: 'del', text: 'b' },
      { type: 'add', text: 'x' },
      { type: 'same', text: 'c' },
    ]);
    expect(lineDiff('same', 'same')).toEqual([{ type: 'same', text: 'same' }]);
  });

  it.each([
    [
      '',
      'a',
      [
        { type: 'del', text: '' },
        { type: 'add', text: 'a' },
      ],
    ],
    [
      'a',
      'a\n',
      [
        { type: 'same', text: 'a' },
        { type: 'add', text: '' },
      ],
    ],
    ['a\nb', 'b\na', null],
  ])('every line of both texts is accounted for: %j -> %j', (before, after, expected) => {
    const d = lineDiff(before, after);
    if (expected) expect(d).toEqual(expected);
    expect(d.filter((l) => l.type !== 'add').map((l) => l.text)).toEqual(before.split('\n'));
    expect(d.filter((l) => l.type !== 'del').map((l) => l.text)).toEqual(after.split('\n'));
  });

  it('two long texts with nothing in common: old removed, new added, in bounded work', () => {
    const before = Array.from({ length: 5_000 }, (_, i) => `old ${i}`).join('\n');
    const after = Array.from({ length: 5_000 }, (_, i) => `new ${i}`).join('\n');
    const d = lineDiff(before, after);
    expect(d).toHaveLength(10_000);
    expect(d.slice(0, 5_000).every((l) => l.type === 'del')).toBe(true);
    expect(d.slice(5_000).every((l) => l.type === 'add')).toBe(true);
  });

  it('a small edit in a long article is aligned, not shown as a rewrite', () => {
    const lines = Array.from({ length: 3_000 }, (_, i) => `line ${i}`);
    const edited = [...lines];
    edited[1_500] = 'changed';
    const d = lineDiff(lines.join('\n'), edited.join('\n'));
    expect(d.filter((l) => l.type !== 'same')).toEqual([
      { type: 'del', text: 'line 1500' },
      { type: 'add', text: 'changed' },
    ]);
  });
});
