/**
 * The RSS 2.0 document of /rss.xml, from the items it lists. Pure: the route reads the items and
 * sets the headers.
 *
 * Written here rather than with @astrojs/rss (ADR 011): that library takes any element beyond its
 * own fields (dc:creator, atom:link) as raw XML that it parses and rebuilds, and its parser turns
 * text that looks like a number into one, so an author named "007" came out as "7".
 */
import type { ShownItem } from './articles.ts';
import { itemPath, shownDate } from '#lib/shared/article-kinds.ts';
import { escapeXml as x } from '#lib/shared/seo.ts';
import { authorName } from '#lib/shared/structured-data.ts';

/**
 * What the feed shows of an item: the public item as the repository reads it, and its body as the
 * reading page renders it (the site's one Markdown pipeline and sanitiser; null: none to show).
 */
export type FeedItem = Pick<
  ShownItem,
  'kind' | 'slug' | 'title' | 'excerpt' | 'author' | 'category' | 'published' | 'publishedAt' | 'createdAt'
> & {
  html: string | null;
};

/**
 * The body's own addresses (`/api/uploads/...`, `/blog/...`) made absolute: a feed reader shows the
 * HTML away from the site. Only inside tags: the sanitised HTML has no '<' or '>' in an attribute
 * (rehypeDropMarkupInAttributes) and none unescaped in its text, so a tag is exactly `<...>`.
 */
function absoluteUrls(html: string, origin: string): string {
  return html.replace(/<[a-z][^>]*>/g, (tag) => tag.replace(/ (href|src)="\/(?!\/)/g, (_, name: string) => ` ${name}="${origin}/`));
}

export interface FeedChannel {
  origin: string;
  title: string;
  description: string;
}

function itemXml(item: FeedItem, origin: string): string {
  const link = origin + itemPath(item.kind, item.slug);
  return [
    '    <item>',
    `      <title>${x(item.title)}</title>`,
    `      <link>${x(link)}</link>`,
    `      <guid isPermaLink="true">${x(link)}</guid>`,
    // RSS readers render <description> as HTML: escape the excerpt once as HTML (so it shows as the
    // text the author wrote, never as markup) and once more for the XML around it.
    `      <description>${x(x(item.excerpt))}</description>`,
    // The whole body, as HTML (escaped once for the XML around it): sanitised like the reading page.
    ...(item.html ? [`      <content:encoded>${x(absoluteUrls(item.html, origin))}</content:encoded>`] : []),
    `      <pubDate>${shownDate(item).toUTCString()}</pubDate>`,
    `      <dc:creator>${x(authorName(item.kind, item.author))}</dc:creator>`,
    `      <category>${x(item.kind === 'blog' ? 'Blog' : (item.category ?? 'Research'))}</category>`,
    '    </item>',
  ].join('\n');
}

/** `items` newest first; the newest one's date is the channel's lastBuildDate. */
export function feedXml(channel: FeedChannel, items: readonly FeedItem[]): string {
  const { origin } = channel;
  const lastBuild = items[0] ? shownDate(items[0]) : new Date(0);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${x(channel.title)}</title>
    <link>${x(origin + '/')}</link>
    <description>${x(channel.description)}</description>
    <language>en-us</language>
    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>
    <atom:link href="${x(origin + '/rss.xml')}" rel="self" type="application/rss+xml"/>
${items.map((item) => itemXml(item, origin)).join('\n')}
  </channel>
</rss>
`;
}
