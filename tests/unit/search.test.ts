import { describe, expect, it } from 'vitest';
import { innerParts } from '#lib/server/search/site-search.ts';
import { marketCapLine, searchPagePath } from '#lib/shared/search.ts';

describe('site search, the pure parts', () => {
  it("indexes each word's inner endings of 3 letters or more, so a part of a name or symbol finds it", () => {
    const parts = innerParts('Syrup USDC', 'syrupUSDC').split(' ');
    expect(parts).toContain('usdc');
    expect(parts).toContain('rupusdc');
    expect(parts).toContain('sdc');
    // The word itself is matched by its own field; two letters would match nearly everything.
    expect(parts).not.toContain('syrupusdc');
    expect(parts).not.toContain('dc');
    expect(innerParts('TBILL')).toBe('bill ill');
    expect(innerParts('')).toBe('');
  });

  it("says an asset's market cap by the currency rule, unknown when not read, and nothing for other kinds", () => {
    expect(marketCapLine({ kind: 'asset', marketCap: '2500000000' })).toBe('Market cap $2.50B');
    expect(marketCapLine({ kind: 'asset', marketCap: 999.5 })).toBe('Market cap $999.50');
    expect(marketCapLine({ kind: 'asset', marketCap: null })).toBe('Market cap unknown (not read yet)');
    expect(marketCapLine({ kind: 'issuer' })).toBeNull();
    expect(searchPagePath('  usdc   yield ')).toBe('/search?q=usdc%20yield');
  });
});
