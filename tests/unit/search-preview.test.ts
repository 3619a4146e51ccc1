import { describe, expect, it } from 'vitest';
import { cutAt, searchPreview } from '#lib/shared/search-preview.ts';

const base = {
  metaTitle: '',
  metaDescription: '',
  canonicalUrl: '',
  title: 'Treasuries weekly',
  excerpt: 'What moved in tokenized treasuries this week.',
  content: 'Body',
  origin: 'https://rwa.example',
  path: '/blog/treasuries-weekly',
};

describe('the SEO editor’s search-result preview', () => {
  it('falls back to the title and the excerpt, at the article’s own address', () => {
    expect(searchPreview(base)).toEqual({
      title: 'Treasuries weekly',
      description: 'What moved in tokenized treasuries this week.',
      url: 'https://rwa.example/blog/treasuries-weekly',
      breadcrumb: 'rwa.example › blog › treasuries-weekly',
      cut: { title: false, description: false },
    });
  });

  it('shows the meta fields as typed, and the canonical address when it is one', () => {
    const p = searchPreview({ ...base, metaTitle: ' Meta ', metaDescription: 'Meta text', canonicalUrl: 'https://other.example/a/b%20c' });
    expect(p).toMatchObject({ title: 'Meta', description: 'Meta text', breadcrumb: 'other.example › a › b c' });
  });

  it('keeps its own address for a canonical URL that is not an http(s) address', () => {
    for (const canonicalUrl of ['javascript:alert(1)', 'not a url', 'https://'])
      expect(searchPreview({ ...base, canonicalUrl }).url).toBe('https://rwa.example/blog/treasuries-weekly');
  });

  it('cuts a long title and description at a word, within the limits, and says so', () => {
    const p = searchPreview({ ...base, metaTitle: 'word '.repeat(20), metaDescription: 'longer '.repeat(40) });
    expect(p.title.length).toBeLessThanOrEqual(60);
    expect(p.title.endsWith('word…')).toBe(true);
    expect(p.description.length).toBeLessThanOrEqual(160);
    expect(p.cut).toEqual({ title: true, description: true });
    // The excerpt-less fallback is the content's first 160 characters and '...', cut to fit.
    expect(searchPreview({ ...base, excerpt: '', content: 'x'.repeat(300) }).description).toBe(`${'x'.repeat(159)}…`);
  });

  it('never splits a word unless one word is longer than half the limit', () => {
    expect(cutAt('alpha beta gamma', 12)).toEqual({ text: 'alpha beta…', cut: true });
    expect(cutAt('a'.repeat(20), 10)).toEqual({ text: `${'a'.repeat(9)}…`, cut: true });
    expect(cutAt('  short   text ', 60)).toEqual({ text: 'short text', cut: false });
  });
});
