import { describe, expect, it } from 'vitest';
import { GLOSSARY, linkTerms } from '#lib/shared/glossary.ts';

describe('glossary', () => {
  it('has one entry per id, each with a definition', () => {
    expect(new Set(GLOSSARY.map((e) => e.id)).size).toBe(GLOSSARY.length);
    for (const e of GLOSSARY) expect(e.definition.length, e.id).toBeGreaterThan(20);
  });

  it('cuts a text at the first use of each term, a whole word in any case, by another spelling too', () => {
    expect(linkTerms('Top-10 share, HHI and Gini of the balances; HHI again', ['hhi', 'gini', 'top-10-share'])).toEqual([
      { text: 'Top-10 share', id: 'top-10-share' },
      { text: ', ' },
      { text: 'HHI', id: 'hhi' },
      { text: ' and ' },
      { text: 'Gini', id: 'gini' },
      { text: ' of the balances; HHI again' },
    ]);
    expect(linkTerms('Avg. Yield to Maturity', ['ytm'])).toEqual([{ text: 'Avg. ' }, { text: 'Yield to Maturity', id: 'ytm' }]);
    expect(linkTerms('Lock-and-mint: the escrows', ['burn-and-mint'])[0]).toEqual({ text: 'Lock-and-mint', id: 'burn-and-mint' });
    // Inside another word, it is not the term.
    expect(linkTerms('NAVIGATION and SNAV', ['nav'])).toEqual([{ text: 'NAVIGATION and SNAV' }]);
    expect(linkTerms('', ['nav'])).toEqual([]);
  });
});
