import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { feedXml, type FeedItem } from '#lib/server/content/feed.ts';
import { renderMarkup } from '#lib/shared/markup/index.ts';

const item = (over: Partial<FeedItem>): FeedItem => ({
  kind: 'blog',
  slug: 'a-post',
  title: 'A post',
  excerpt: 'Short.',
  author: 'Ada',
  category: null,
  published: true,
  publishedAt: new Date('2026-11-20T09:00:00Z'),
  createdAt: new Date('2026-11-01T09:00:00Z'),
  html: null,
  ...over,
});
const channel = { origin: 'https://rwa.example', title: 'RWA — Blog & Research', description: 'Figures <live>' };
// Text as written: no number coercion, so a test sees what a feed reader sees.
const parse = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (n) => n === 'item' }).parse(xml).rss.channel as {
    title: string;
    lastBuildDate: string;
    item: Record<string, unknown>[];
  };

describe('feedXml', () => {
  it('lists each item with its link, guid, date, author and category, and dates the channel by the newest', () => {
    const c = parse(
      feedXml(channel, [
        item({ kind: 'research', slug: 'gold note', title: 'Gold', category: 'Commodities' }),
        item({ slug: 'older', publishedAt: new Date('2026-11-01T00:00:00Z') }),
      ]),
    );
    expect(c.title).toBe('RWA — Blog & Research');
    expect(c.lastBuildDate).toBe('Fri, 20 Nov 2026 09:00:00 GMT');
    expect(c.item[0]).toMatchObject({
      title: 'Gold',
      link: 'https://rwa.example/research/gold%20note',
      guid: { '#text': 'https://rwa.example/research/gold%20note', '@_isPermaLink': 'true' },
      'dc:creator': 'Ada',
      category: 'Commodities',
    });
    expect(c.item[1]).toMatchObject({ category: 'Blog', pubDate: 'Sun, 01 Nov 2026 00:00:00 GMT' });
  });

  it.each(['007', '1e3', '0x1A', 'true', 'Ada & <Bob>'])('an author written %j reads back as written', (author) => {
    expect(parse(feedXml(channel, [item({ kind: 'research', author })])).item[0]['dc:creator']).toBe(author);
  });

  it("names a blog post's author by the display name of its id (content/authors.json)", () => {
    expect(parse(feedXml(channel, [item({ author: 'default-author' })])).item[0]['dc:creator']).toBe('RWA Analytics Editors');
  });

  it('the excerpt reaches a reader as text, never as markup (escaped once for HTML, once for XML)', () => {
    const xml = feedXml(channel, [item({ excerpt: '<img src=x onerror=alert(1)>' })]);
    expect(xml).toContain('<description>&amp;lt;img src=x onerror=alert(1)&amp;gt;</description>');
    expect(parse(xml).item[0].description).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('carries the body rendered and sanitised by the site pipeline (content:encoded), its own addresses made absolute', () => {
    const { html } = renderMarkup(
      '| A | B |\n| - | -: |\n| ~~x~~ | <img src=x onerror=alert(1)> |\n\n- [x] done\n\nNote.[^1] ![c](/api/uploads/abc) [post](/blog/p)\n\n[^1]: A footnote.',
    );
    const xml = feedXml(channel, [item({ html })]);
    expect(xml).toContain('xmlns:content="http://purl.org/rss/1.0/modules/content/"');
    const body = parse(xml).item[0]['content:encoded'] as string;
    expect(body).toBe(html.replaceAll(' src="/', ' src="https://rwa.example/').replaceAll(' href="/', ' href="https://rwa.example/'));
    expect(body).toContain('<td class="align-right"><img src="x"></td>');
    expect(body).toContain('<del>x</del>');
    expect(body).toContain('<section data-footnotes');
    expect(body).toContain('<img src="https://rwa.example/api/uploads/abc" alt="c">');
    expect(body).toContain('<a href="https://rwa.example/blog/p">post</a>');
    expect(body).not.toMatch(/onerror|alert/);
    // Markup only as escaped text in the XML: the document itself gains no element.
    expect(xml).not.toMatch(/<(table|img|section)\b/);
  });

  it('an item without a body leaves content:encoded out', () => {
    expect(feedXml(channel, [item({})])).not.toContain('<content:encoded>');
  });

  it('an empty feed is still a valid channel', () => {
    const c = parse(feedXml(channel, []));
    expect(c.item).toBeUndefined();
    expect(c.lastBuildDate).toBe('Thu, 01 Jan 1970 00:00:00 GMT');
  });
});
