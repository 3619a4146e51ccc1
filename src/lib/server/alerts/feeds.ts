/**
 * The two feeds of the events: Atom (RFC 4287) and JSON Feed 1.1, both from the same
 * list, newest first, each entry linking to the event's page. Pure: the routes read and answer.
 */
import { escapeXml as x } from '#lib/shared/seo.ts';
import { alertPath, payloadOf } from './payload.ts';
import { KIND_LABEL, type StoredAlert } from './types.ts';
import type { AlertFilter } from './store.ts';

export interface FeedMeta {
  origin: string;
  filter: AlertFilter;
}

/** "Alerts", or "Alerts: asset usdc" for a filtered feed. */
export function feedTitle(filter: AlertFilter): string {
  const parts = Object.entries(filter).map(([k, v]) => `${k} ${v}`);
  return `RWA Analytics alerts${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

const query = (filter: AlertFilter) => {
  const q = new URLSearchParams(Object.entries(filter) as Array<[string, string]>).toString();
  return q ? `?${q}` : '';
};

export const ATOM_PATH = '/api/alerts/feed.atom';
export const JSON_FEED_PATH = '/api/alerts/feed.json';

/** A feed as a page's <head> announces it (<link rel="alternate">), so a feed reader finds it. */
export interface FeedLink {
  type: 'application/atom+xml' | 'application/feed+json';
  title: string;
  href: string;
}

/** The Atom and JSON feeds of these events (all, or the filter's). */
export const alertFeedLinks = (filter: AlertFilter = {}): FeedLink[] => [
  { type: 'application/atom+xml', title: `${feedTitle(filter)} (Atom)`, href: ATOM_PATH + query(filter) },
  { type: 'application/feed+json', title: `${feedTitle(filter)} (JSON Feed)`, href: JSON_FEED_PATH + query(filter) },
];

const summaryOf = (e: StoredAlert) =>
  `${KIND_LABEL[e.kind]}: ${e.title}. Rule: ${e.evidence.rule}.${e.evidence.note ? ` ${e.evidence.note}.` : ''}`;

export function atomFeed(events: readonly StoredAlert[], { origin, filter }: FeedMeta): string {
  const self = origin + ATOM_PATH + query(filter);
  const updated = events[0]?.createdAt ?? new Date(0).toISOString();
  const entries = events.map((e) => {
    const link = origin + alertPath(e.id);
    return [
      '  <entry>',
      `    <id>${x(link)}</id>`,
      `    <title>${x(e.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${x(link)}"/>`,
      `    <updated>${x(e.createdAt)}</updated>`,
      `    <published>${x(e.createdAt)}</published>`,
      `    <category term="${x(e.kind)}" label="${x(KIND_LABEL[e.kind])}"/>`,
      ...(e.assetSymbol ? [`    <category term="${x(e.assetSymbol)}" label="asset"/>`] : []),
      `    <summary type="text">${x(summaryOf(e))}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${x(self)}</id>
  <title>${x(feedTitle(filter))}</title>
  <subtitle>Data events from the published figures: depegs, NAV and supply moves, breaker holds, stale sources, new assets</subtitle>
  <link rel="self" type="application/atom+xml" href="${x(self)}"/>
  <link rel="alternate" type="text/html" href="${x(origin + '/alerts')}"/>
  <updated>${x(updated)}</updated>
  <author><name>RWA Analytics</name></author>
${entries.join('\n')}
</feed>
`;
}

export function jsonFeed(events: readonly StoredAlert[], { origin, filter }: FeedMeta) {
  return {
    version: 'https://jsonfeed.org/version/1.1' as const,
    title: feedTitle(filter),
    home_page_url: `${origin}/alerts`,
    feed_url: origin + JSON_FEED_PATH + query(filter),
    description: 'Data events from the published figures: depegs, NAV and supply moves, breaker holds, stale sources, new assets',
    language: 'en',
    authors: [{ name: 'RWA Analytics' }],
    items: events.map((e) => ({
      id: origin + alertPath(e.id),
      url: origin + alertPath(e.id),
      title: e.title,
      content_text: summaryOf(e),
      date_published: e.createdAt,
      tags: [e.kind, e.assetSymbol, e.assetClass, ...e.chains].filter(Boolean),
      // JSON Feed's extension key: an underscore, then the event itself as the webhooks send it.
      _alert: payloadOf(e, origin),
    })),
  };
}
