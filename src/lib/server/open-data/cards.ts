/**
 * The social cards of the open-data pages: the entity's name and its headline figure on the site's
 * generated 1200x630 PNG (og/image.ts). One function per kind gives what the card says, so the page's
 * og:image alt and the image itself cannot disagree; the og route loads the page's own figures, so a
 * card never carries text from its URL.
 */
import { formatCurrency, formatLongDate } from '#lib/shared/format.ts';
import { cardAlt } from '#lib/shared/og-cards.ts';
import type { CardContent } from '#lib/server/og/image.ts';
import { loadAssetPage, type AssetPage } from './asset-page.ts';
import { loadIssuerPage, type IssuerPage } from './issuer-page.ts';
import { loadNetworkPage, type NetworkPage } from './network-page.ts';

export const CARD_KINDS = ['asset', 'network', 'issuer'] as const;
export type CardKind = (typeof CARD_KINDS)[number];
export const isCardKind = (kind: string): kind is CardKind => (CARD_KINDS as readonly string[]).includes(kind);

export function assetCard(page: AssetPage): CardContent {
  const a = page.asset;
  return {
    eyebrow: 'ASSET',
    title: `${a.symbol}: ${a.name}`,
    subtitle: page.marketCap.value === null ? 'Market cap unknown' : `Market cap ${formatCurrency(page.marketCap.value)}`,
    footer: `Data as of ${formatLongDate(page.asOf)}`,
  };
}

export function networkCard(page: NetworkPage): CardContent {
  return {
    eyebrow: 'NETWORK',
    title: `${page.network.name} network`,
    subtitle: `Tokenized assets ${formatCurrency(page.network.totalValue)}`,
    footer: `Data as of ${formatLongDate(page.asOf)}`,
  };
}

export function issuerCard(page: IssuerPage): CardContent {
  const i = page.issuer;
  return {
    eyebrow: 'ISSUER',
    title: i.name,
    subtitle: i.totalMarketCap === null ? 'Issuer' : `Issuer of ${formatCurrency(i.totalMarketCap)}`,
    footer: `Data as of ${formatLongDate(page.asOf)}`,
  };
}

/** The card's path (the as-of date in the URL, so a new run gives a new image) and its alt text. */
export function cardLink(kind: CardKind, id: string, content: CardContent, asOf: string): { path: string; alt: string } {
  return {
    path: `/og/data/${kind}/${encodeURIComponent(id)}.png?v=${encodeURIComponent(asOf)}`,
    alt: cardAlt(content.title, content.subtitle),
  };
}

/** What the card of an entity says, from its page's own figures; undefined for an unknown id. */
export async function loadCard(kind: CardKind, id: string): Promise<CardContent | undefined> {
  if (kind === 'asset') {
    const page = await loadAssetPage(id);
    return page && assetCard(page);
  }
  if (kind === 'network') {
    const page = await loadNetworkPage(id);
    return page && networkCard(page);
  }
  const page = await loadIssuerPage(id);
  return page && issuerCard(page);
}
