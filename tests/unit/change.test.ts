import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeOver, seriesOf } from '#lib/shared/change.ts';
import { eachDay } from '#lib/shared/utc-day.ts';

/** A daily series from `from`, one value a day (null: unknown that day). */
const daily = (from: string, values: Array<number | null>) => {
  const days = eachDay(from, '2099-01-01').slice(0, values.length);
  return seriesOf(days, (d) => values[days.indexOf(d)]);
};

describe('changeOver: the one change of every page and answer', () => {
  it('compares the day with the day `days` earlier, in percent to 2 decimals, and names both days', () => {
    const s = daily('2026-11-01', [100, 101, 102, 103, 104, 105, 106, 110]);
    expect(changeOver(s, '2026-11-08', 7)).toEqual({ value: 10, from: '2026-11-01', to: '2026-11-08' });
    expect(changeOver(s, '2026-11-08', 1)).toEqual({ value: 3.77, from: '2026-11-07', to: '2026-11-08' });
    expect(changeOver(daily('2026-11-01', [200, 150]), '2026-11-02', 1).value).toBe(-25);
  });

  it('a gap on the base day reaches back to the latest earlier day, and says which', () => {
    const s = daily('2026-11-01', [100, 120, null, 130]);
    expect(changeOver(s, '2026-11-04', 2)).toEqual({ value: 8.33, from: '2026-11-02', to: '2026-11-04' });
    // A missing day (not in the map at all) is a gap too.
    const sparse = new Map([
      ['2026-10-01', 50],
      ['2026-11-04', 100],
    ]);
    expect(changeOver(sparse, '2026-11-04', 30)).toEqual({ value: 100, from: '2026-10-01', to: '2026-11-04' });
  });

  it('never reaches further back than twice the span: a 7-day change is not a quarter', () => {
    const s = new Map([
      ['2026-08-01', 50],
      ['2026-11-04', 100],
    ]);
    expect(changeOver(s, '2026-11-04', 7)).toEqual({ value: null, why: 'no earlier figure', from: null, to: '2026-11-04' });
  });

  it('unknown is null with why, never 0: no figure on the day, none early enough, a zero base', () => {
    expect(changeOver(daily('2026-11-01', [100, null]), '2026-11-02', 1)).toMatchObject({ value: null, why: 'no figure on the day' });
    expect(changeOver(daily('2026-11-01', [100, 100]), '2026-11-03', 1)).toMatchObject({ value: null, why: 'no figure on the day' });
    expect(changeOver(daily('2026-11-01', [100, 110]), '2026-11-02', 7)).toMatchObject({ value: null, why: 'no earlier figure' });
    expect(changeOver(daily('2026-11-01', [0, 110]), '2026-11-02', 1)).toEqual({
      value: null,
      why: 'a zero base',
      from: '2026-11-01',
      to: '2026-11-02',
    });
    expect(changeOver(daily('2026-11-01', [Number.NaN, 110]), '2026-11-02', 1)).toMatchObject({ value: null, why: 'no earlier figure' });
    expect(changeOver(new Map(), '2026-11-02', 1).value).toBeNull();
  });

  it('an unchanged figure is a real 0, distinct from unknown', () => {
    expect(changeOver(daily('2026-11-01', [100, 100]), '2026-11-02', 1)).toEqual({ value: 0, from: '2026-11-01', to: '2026-11-02' });
  });

  it('a later day in the series does not move the change of an earlier as-of day', () => {
    const s = daily('2026-11-01', [100, 200, 400]);
    expect(changeOver(s, '2026-11-02', 1).value).toBe(100);
  });
});

describe('no second change rule', () => {
  /** A percent difference written out ('((a - b) / b) * 100'). */
  const PERCENT = /\(\s*[\w.!]+\s*-\s*[\w.!]+\s*\)\s*\/\s*[\w.!]+\s*\)?\s*\*\s*100/;
  // The gap between two sources' figures of one day (reconciliation) is not a change over days.
  const GAPS = new Set(['src/lib/shared/open-data/quality.ts', 'src/lib/server/figures/coverage-data.ts']);
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|tsx|astro)$/.test(e.name) ? [join(dir, e.name)] : [],
    );

  it('computes a percent change in change.ts alone (every other place calls changeOver)', () => {
    const found = files('src').filter((f) => PERCENT.test(readFileSync(f, 'utf8')) && !GAPS.has(f));
    expect(found).toEqual(['src/lib/shared/change.ts']);
  });
});
