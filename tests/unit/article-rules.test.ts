import { describe, expect, it } from 'vitest';
import {
  slugify,
  defaultExcerpt,
  defaultMetaDescription,
  splitTags,
  readingTime,
  seoScore,
} from '@/lib/shared/article-rules';

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
