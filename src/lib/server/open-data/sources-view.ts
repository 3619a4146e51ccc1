/**
 * The pieces every section of /sources is made of, decided in one place: money by the spec's
 * currency rule, a day as a `<time>` shows it, a dated public figure with its link, a chain by its
 * registry name, and an asset's names with the pages they link to.
 */
import type { Registry, RegistryAsset } from '#lib/server/catalogue/registry.ts';
import type { EntityLinks } from './links.ts';
import { formatCurrency, formatDay, formatLongDate } from '#lib/shared/format.ts';

/** Money by the spec's currency rule (src/lib/shared/format.ts), as on every page; a figure not known says so, never $0. */
export const usd = (n: number | null) => (n === null ? 'unavailable' : formatCurrency(n));

/** A day as a `<time>` shows it: the ISO date for machines, the words for readers. */
export interface Day {
  datetime: string;
  text: string;
}

/** A day in full ("May 6, 2025"), for a sentence. */
export const longDay = (iso: string): Day => ({ datetime: iso, text: formatLongDate(iso) });

/** A day in short ("6 May 2025"), for a table or a list. */
export const shortDay = (iso: string): Day => ({ datetime: iso, text: formatDay(iso) });

/** A link to a page outside the site (the template marks it nofollow). */
export interface Link {
  href: string;
  text: string;
}

/** A dated public figure: how much (≈ before it when approximate), on which day, from which page. */
export interface DatedFigure {
  amount: string;
  on: Day;
  link: Link;
}

/** A public figure as the page shows it; `approximate` says whether its ≈ is shown (the overall row never shows it). */
export function datedFigure(
  f: { value: number; approximate: boolean; date: string; name: string; url: string },
  day: (iso: string) => Day,
  approximate = f.approximate,
): DatedFigure {
  return { amount: `${approximate ? '≈' : ''}${usd(f.value)}`, on: day(f.date), link: { href: f.url, text: f.name } };
}

/** A chain by the registry's name for it, else by its key. */
export const chainName = (registry: Registry | undefined, chain: string) => registry?.chains[chain]?.name ?? chain;

/** An asset's names as a table's first cell shows them, each linking to its page when the site has one. */
export interface AssetNames {
  symbol: string;
  name: string;
  href: string | undefined;
  issuer: string;
  issuerHref: string | undefined;
  assetClass: string;
}

export function assetNames(a: Pick<RegistryAsset, 'symbol' | 'name' | 'issuer' | 'assetClass'>, links: EntityLinks): AssetNames {
  return {
    symbol: a.symbol,
    name: a.name,
    href: links.asset(a.symbol),
    issuer: a.issuer,
    issuerHref: links.issuer(a.issuer),
    assetClass: a.assetClass,
  };
}
