import { describe, expect, it } from 'vitest';
import { compareHref, compareProblem, normaliseAssets } from '#lib/shared/compare.ts';
import { canonicalQuery } from '#lib/shared/route-params.ts';

describe('compare: the asset list', () => {
  it('has one form: lower case, each once, sorted, empties dropped', () => {
    expect(normaliseAssets(' OUSG,buidl,,BENJI, buidl ')).toEqual(['benji', 'buidl', 'ousg']);
    expect(normaliseAssets('')).toEqual([]);
    expect(normaliseAssets(null)).toEqual([]);
  });

  it('is normalised before any cache: every spelling of one comparison is one key', () => {
    const key = canonicalQuery('/compare', '?assets=benji,buidl,ousg');
    for (const q of ['?assets=OUSG,benji,buidl', '?assets=ousg,ousg,buidl,benji&utm=1', '?assets=buidl,benji,ousg&assets=x&scale=absolute'])
      expect(canonicalQuery('/compare', q), q).toBe(key);
    expect(canonicalQuery('/compare', '?assets=a,b&scale=INDEXED&range=1y')).toBe('?assets=a%2Cb&range=1y&scale=indexed');
    expect(canonicalQuery('/api/compare', '?assets=B,a,a&format=csv')).toBe('?assets=a%2Cb&format=csv');
  });

  it('refuses an empty list, more than five products and unknown ids, by name', () => {
    const known = (id: string) => id !== 'nope' && id !== 'zzz';
    expect(compareProblem([], known)?.issues.assets).toEqual(['Missing.']);
    expect(compareProblem(['a', 'b', 'c', 'd', 'e', 'f'], known)?.message).toMatch(/At most 5 products.*6 were asked/);
    expect(compareProblem(['a', 'nope', 'zzz'], known)?.message).toContain('nope, zzz');
    expect(compareProblem(['a', 'b', 'c', 'd', 'e'], known)).toBeNull();
  });

  it('writes its address with readable commas, defaults left out', () => {
    expect(compareHref({ ids: ['benji', 'buidl'], scale: 'absolute', range: '90d' })).toBe('/compare?assets=benji,buidl');
    expect(compareHref({ ids: ['benji'], scale: 'absolute', range: '90d' }, { scale: 'indexed', range: 'all' })).toBe(
      '/compare?assets=benji&range=all&scale=indexed',
    );
  });
});
