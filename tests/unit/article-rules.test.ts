import { describe, expect, it } from 'vitest';
import { slugify, defaultExcerpt, defaultMetaDescription, splitTags, readingTime, seoScore, cleanSlug } from '#lib/shared/article-rules.ts';

describe('slugify', () => {
  it.each([
    ['Hello World', 'hello-world'], // spaces become hyphens
    ['Tokenized Treasuries: $7.4B!', 'tokenized-treasuries-74b'], // punctuation dropped
    ['a  -  b', 'a-b'], // repeated hyphens collapse
    ['Über Bonds 2025', 'über-bonds-2025'], // unicode letters kept
    ['!!!', ''], // only punctuation gives an empty slug
    ['Already-hyphenated--title', 'already-hyphenated-title'],
  ])('%s -> %s', (title, slug) => expect(slugify(title)).toBe(slug));
});

describe('defaults', () => {
  it('excerpt is the first 200 characters plus ...', () => {
    const content = 'x'.repeat(250);
    expect(defaultExcerpt(content)).toBe('x'.repeat(200) + '...');
    expect(defaultExcerpt('short')).toBe('short...');
  });
  it('meta description is the excerpt, else 160 characters plus ...', () => {
    expect(defaultMetaDescription('An excerpt', 'body')).toBe('An excerpt');
    expect(defaultMetaDescription('', 'y'.repeat(200))).toBe('y'.repeat(160) + '...');
  });
  it('tags are split on commas, trimmed, empties dropped', () => {
    expect(splitTags(' rwa, treasuries ,, ,stablecoins,')).toEqual(['rwa', 'treasuries', 'stablecoins']);
    expect(splitTags('')).toEqual([]);
  });
  it('reading time is 200 words a minute, rounded up', () => {
    expect(readingTime('')).toBe('0 min');
    expect(readingTime('word '.repeat(200))).toBe('1 min');
    expect(readingTime('word '.repeat(201))).toBe('2 min');
  });
});

describe('seoScore', () => {
  it.each([
    [{}, 0],
    [{ metaTitle: 'short' }, 20],
    [{ metaTitle: 't'.repeat(30) }, 30],
    [{ metaTitle: 't'.repeat(61) }, 20],
    [{ metaDescription: 'd'.repeat(120) }, 30],
    [{ metaDescription: 'd'.repeat(161) }, 20],
    [{ seoKeywords: ['a', 'b'] }, 20],
    [{ seoKeywords: ['a', 'b', 'c'] }, 30],
    [{ seoKeywords: ['1', '2', '3', '4', '5', '6', '7', '8'] }, 20],
    [{ canonicalUrl: 'https://x.test/a' }, 15],
    [{ socialImage: '/i.png' }, 15],
  ])('%j scores %i', (fields, score) => expect(seoScore(fields)).toBe(score));

  it('is capped at 100', () => {
    const full = {
      metaTitle: 't'.repeat(40),
      metaDescription: 'd'.repeat(150),
      seoKeywords: ['a', 'b', 'c'],
      canonicalUrl: 'https://x.test',
      socialImage: '/a.png',
    };
    expect(seoScore(full)).toBe(100); // 30 + 30 + 30 + 15 + 15 = 120 before the cap
  });
});

describe('edge cases', () => {
  describe('slugify', () => {
    it.each([
      ['Café Crème — Tokenized', 'café-crème-tokenized'], // accents kept, em dash dropped, spaces collapse via hyphens
      ['日本の国債 トークン化', '日本の国債-トークン化'], // CJK letters are letters
      ['Ροή RWA', 'ροή-rwa'], // Greek lowercased
      ['?!.,;:()[]{}', ''], // punctuation only
      ['- - -', '-'], // hyphens and spaces only collapse to one hyphen
      ['  Leading and trailing  ', '-leading-and-trailing-'], // spaces become hyphens as the rule says
      ['Tab\tand\nnewline', 'tabandnewline'], // other whitespace is not a space: dropped
      ['Emoji 🚀 Launch', 'emoji-launch'], // emoji dropped, the two spaces collapse
      ['UPPER lower 123', 'upper-lower-123'],
      ['', ''],
    ])('%j -> %j', (title, slug) => expect(slugify(title)).toBe(slug));
  });

  describe('defaults with empty and boundary content', () => {
    it('empty content gives "..." for excerpt and meta description', () => {
      expect(defaultExcerpt('')).toBe('...');
      expect(defaultMetaDescription('', '')).toBe('...');
    });
    it('content of exactly 200 characters is kept whole in the excerpt', () => {
      expect(defaultExcerpt('a'.repeat(200))).toBe('a'.repeat(200) + '...');
      expect(defaultExcerpt('a'.repeat(201))).toBe('a'.repeat(200) + '...');
    });
    it.each([159, 160, 161])('meta description from %i characters of content', (n) => {
      const content = 'm'.repeat(n);
      expect(defaultMetaDescription('', content)).toBe('m'.repeat(Math.min(n, 160)) + '...');
    });
    it('a given excerpt wins over the content, whatever its length', () => {
      expect(defaultMetaDescription('e'.repeat(203), 'c'.repeat(500))).toBe('e'.repeat(203));
    });
  });

  describe('splitTags', () => {
    it.each([
      [',,,', []],
      ['  solo  ', ['solo']],
      ['a,b', ['a', 'b']],
      ['Über, 日本 ,  ', ['Über', '日本']],
    ])('%j -> %j', (text, tags) => expect(splitTags(text)).toEqual(tags));
  });

  describe('readingTime', () => {
    it.each([
      ['   \n\t  ', '0 min'], // whitespace only
      ['one', '1 min'],
      ['w '.repeat(400), '2 min'],
      ['w '.repeat(401), '3 min'],
      ['multiple   spaces\n\nand\tlines', '1 min'],
    ])('%j -> %s', (content, time) => expect(readingTime(content)).toBe(time));
  });

  describe('seoScore combinations', () => {
    const at = (n: number, c = 't') => c.repeat(n);
    it.each([
      [{ metaTitle: at(29) }, 20], // just under the 30-60 band
      [{ metaTitle: at(60) }, 30], // upper edge of the band
      [{ metaDescription: at(119) }, 20],
      [{ metaDescription: at(160) }, 30],
      [{ seoKeywords: ['1', '2', '3', '4', '5', '6', '7'] }, 30], // 7 is inside 3-7
      [{ seoKeywords: [] }, 0],
      [{ metaTitle: '', metaDescription: '', canonicalUrl: '', socialImage: '' }, 0], // empty strings count as absent
      [{ metaTitle: null, metaDescription: null, seoKeywords: null, canonicalUrl: null, socialImage: null }, 0],
      [{ metaTitle: at(40), metaDescription: at(150) }, 60],
      [{ canonicalUrl: 'https://x.test', socialImage: '/a.png' }, 30],
      [{ metaTitle: at(10), metaDescription: at(10), seoKeywords: ['a'], canonicalUrl: 'u', socialImage: 'i' }, 90], // no bonuses
      [{ metaTitle: at(40), metaDescription: at(10), seoKeywords: ['a'], canonicalUrl: 'u', socialImage: 'i' }, 100], // 100 exactly
      [{ metaTitle: at(40), metaDescription: at(150), seoKeywords: ['a'], canonicalUrl: 'u', socialImage: 'i' }, 100], // 110 capped
    ])('%j scores %i', (fields, score) => expect(seoScore(fields)).toBe(score));
  });
});

describe('cleanSlug', () => {
  it.each([
    ['  Leading and trailing  ', 'leading-and-trailing'],
    ['- - -', ''],
    ['Hello World', 'hello-world'],
    ['!!!', ''],
  ])('%j -> %j', (text, slug) => expect(cleanSlug(text)).toBe(slug));
});

describe('slugify: one slug per spelling, nothing invisible', () => {
  it('folds compatibility forms (NFKC): full-width and ligature spellings are one slug', () => {
    expect(slugify('ｃａｆé-crème')).toBe(slugify('café-crème'));
    expect(slugify('ｃａｆé-crème')).toBe('café-crème');
    expect(cleanSlug('Ｃａｆé\u3000Ｃｒèｍｅ'.normalize('NFD'))).toBe('café-crème');
    expect(slugify('ﬁnance ①')).toBe('finance-1');
    // Folding is stable: a slug slugified again is itself.
    for (const t of ['ｃａｆé-crème', 'İstanbul ﬁ', 'ß Ⅻ']) expect(slugify(slugify(t))).toBe(slugify(t));
  });

  it('gives composed (NFC) and decomposed (NFD) text the same, composed slug', () => {
    expect(cleanSlug('한국 채권'.normalize('NFD'))).toBe('한국-채권');
    expect(cleanSlug('Café Crème'.normalize('NFD'))).toBe('café-crème'.normalize('NFC'));
  });
  it.each(['\u3164\u3164', '\u115f\u1160', '\uffa0', '\u200b\u200d', '\u0301\u0308', '\u00ad\u2060 \u034f'])(
    'leaves nothing of an all-invisible text (%j)',
    (text) => expect(cleanSlug(text)).toBe(''),
  );
});
