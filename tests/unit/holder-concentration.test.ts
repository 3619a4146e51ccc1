/**
 * The three concentration measures against their textbook definitions, computed the slow way
 * (pairwise differences, shares squared in floats) on hand-made and random balances.
 */
import { describe, expect, it } from 'vitest';
import { concentrationOf, gini, herfindahl, topTenShare } from '#lib/shared/holder-concentration.ts';

/** The definitions, naively: O(n²) Gini, float shares. */
function naive(values: number[]) {
  const total = values.reduce((s, v) => s + v, 0);
  const desc = [...values].sort((a, b) => b - a);
  let pairs = 0;
  for (const a of values) for (const b of values) pairs += Math.abs(a - b);
  const mean = total / values.length;
  return {
    top10Share: desc.slice(0, 10).reduce((s, v) => s + v, 0) / total,
    hhi: values.reduce((s, v) => s + ((v / total) * 100) ** 2, 0),
    gini: pairs / (2 * values.length * values.length * mean),
  };
}

describe('holder concentration measures', () => {
  it('one holder: all of it, HHI 10,000, Gini 0', () => {
    expect(concentrationOf([5n])).toEqual({ holders: 1, top10Share: 1, hhi: 10_000, gini: 0 });
  });

  it('n equal holders: HHI 10,000/n and Gini 0; the top 10 of 20 hold half', () => {
    const twenty = Array.from({ length: 20 }, () => 7n * 10n ** 18n);
    const c = concentrationOf(twenty);
    expect(c.holders).toBe(20);
    expect(c.hhi).toBeCloseTo(500, 9);
    expect(c.gini).toBeCloseTo(0, 12);
    expect(c.top10Share).toBeCloseTo(0.5, 12);
  });

  it('no holder: every measure unknown', () => {
    expect(concentrationOf([])).toEqual({ holders: 0, top10Share: null, hhi: null, gini: null });
  });

  it('two holders 1 and 3: Gini 0.25, HHI 6,250', () => {
    expect(gini([1n, 3n], 4n)).toBeCloseTo(0.25, 15);
    expect(herfindahl([1n, 3n], 4n)).toBeCloseTo(6_250, 9);
    expect(topTenShare([3n, 1n], 4n)).toBe(1);
  });

  it('random balances: equal to the definitions computed the slow way', () => {
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 25; round++) {
      const n = 1 + Math.floor(rand() * 60);
      const values = Array.from({ length: n }, () => 1 + Math.floor(rand() ** 3 * 1e9));
      const c = concentrationOf(values.map(BigInt));
      const want = naive(values);
      expect(c.holders).toBe(n);
      expect(c.top10Share).toBeCloseTo(want.top10Share, 9);
      expect(c.hhi).toBeCloseTo(want.hhi, 6);
      expect(c.gini).toBeCloseTo(want.gini, 9);
    }
  });

  it('balances beyond a float (uint256 of 18-decimal tokens) stay exact until the ratio', () => {
    const whale = 10n ** 40n + 1n;
    const c = concentrationOf([whale, 1n]);
    expect(c.top10Share).toBe(1);
    expect(c.gini).toBeCloseTo(0.5, 15);
    expect(c.hhi).toBeCloseTo(10_000, 9);
  });
});
