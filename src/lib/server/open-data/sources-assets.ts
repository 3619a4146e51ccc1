/**
 * /sources' "Tracked assets" and the long tail read from DefiLlama, the pure steps: one row per
 * deployment with where it is (its explorer link when the chain names one, the first block its
 * logs are read from, the wallets left out or netted), how it is read and priced, and its latest
 * published figure (stale, with why, where it is).
 */
import { familyOf, reserveWallets, type Registry, type RegistryAsset } from '#lib/server/catalogue/registry.ts';
import { priceMethodOf, supplyMethodOf } from '#lib/server/catalogue/methods.ts';
import { cellKey } from '#lib/server/catalogue/cell-key.ts';
import type { CoverageGap } from '#lib/server/figures/coverage-data.ts';
import type { LatestFigure, SourcesData } from '#lib/server/figures/sources-data.ts';
import type { StaleCell } from '#lib/shared/stale-cell.ts';
import { formatDay, formatTimestamp } from '#lib/shared/format.ts';
import type { EntityLinks } from './links.ts';
import { explorerLink } from './shared.ts';
import { assetNames, chainName, usd, type AssetNames, type Link } from './sources-view.ts';

/**
 * A registry reference "https://... (note)": the address as a short link (a GitHub path without
 * its host and /tree/main), the note as quoted text; a reference without an address is all note.
 */
export function referenceParts(ref: string): { link: Link | null; quoted: string } {
  const m = /^(https:\/\/\S+)(.*)$/.exec(ref);
  if (!m) return { link: null, quoted: ref };
  return {
    link: { href: m[1], text: m[1].replace(/^https:\/\/(www\.)?github\.com\//, '').replace(/\/tree\/main\//, '/') },
    quoted: m[2],
  };
}

/**
 * Where an EVM deployment's logs are read from: its stated first block, else the one the first run
 * finds on the chain. Null for a deployment whose logs are not read (another family, or an asset
 * read from DefiLlama).
 */
function logsFrom(registry: Registry, a: RegistryAsset, d: RegistryAsset['deployments'][number]): string | null {
  if (a.source !== 'evm' || familyOf(registry, d.chain) !== 'evm') return null;
  return d.startBlock === undefined
    ? 'logs from its deployment block (found on the chain by the first run)'
    : `logs from block ${d.startBlock}`;
}

/** Where a deployment is: the contract (with its explorer page), and the wallets its supply leaves out or its totals net. */
function deploymentCell(registry: Registry, a: RegistryAsset, d: RegistryAsset['deployments'][number]) {
  return {
    chain: chainName(registry, d.chain),
    address: d.address,
    /** The contract's explorer page, when the chain names an explorer and the address is a plain id. */
    href: explorerLink(registry, d.chain, 'token', d.address),
    logs: logsFrom(registry, a, d),
    excluded: d.excludeHolders.length > 0 ? d.excludeHolders : null,
    escrows: a.bridge?.model === 'lock-and-mint' ? a.bridge.escrows.filter((e) => e.chain === d.chain).map((e) => e.address) : [],
    reserveWallets: reserveWallets(a, d.chain).map((w) => ({ holder: `${w.holder}${w.name ? ` (${w.name})` : ''}`, address: w.address })),
  };
}

/** How a deployment's supply is read, by its asset's source. */
function supplyText(registry: Registry, a: RegistryAsset, chain: string): string {
  if (a.source === 'defillama') return `DefiLlama stablecoins API, id ${a.defillamaId}`;
  if (a.source === 'defillama-protocol') return `DefiLlama protocol API (${a.defillamaProtocol?.slug}), dollars per chain`;
  return supplyMethodOf(registry, a, chain);
}

/** A gap between the chain's figure (counted) and DefiLlama's for the same asset, chain and day. */
function gapLine(g: CoverageGap) {
  return {
    gap: g.gapPct ?? '',
    defillama: usd(g.defillamaValue),
    percent: g.gapPct === null ? 'gap unknown' : `${g.gapPct > 0 ? '+' : ''}${g.gapPct}%`,
    chain: usd(g.chainValue),
  };
}

/**
 * How it is read and priced; on the asset's first row, the DefiLlama protocol it is also checked
 * against (when a reader counts it); and each gap found between the two on this chain.
 */
function methodCell(registry: Registry, a: RegistryAsset, chain: string, first: boolean, gaps: CoverageGap[]) {
  return {
    text: `${supplyText(registry, a, chain)}; ${priceMethodOf(a.price)}`,
    crossCheck: first && a.defillamaProtocol && a.source !== 'defillama-protocol' ? a.defillamaProtocol.slug : null,
    gaps: gaps.filter((g) => g.symbol === a.symbol && g.chain === chain).map(gapLine),
  };
}

/** Why a cell shows an earlier figure (or today's at a stale price), and how old it is. */
function staleNote(stale: StaleCell | undefined) {
  if (!stale) return null;
  return {
    ageHours: stale.ageHours,
    since: stale.since,
    rest: `${stale.kind === 'price' ? ' (valued at its last price)' : ''}, ${stale.ageHours} h old (${stale.reason})`,
  };
}

/**
 * The latest published figure of a deployment: its day, supply, value and holders, then where it
 * was read: a block (linked to the explorer when the chain names one, with the API asked if any),
 * else the API and when it was fetched. Null: not observed yet.
 */
function observedFigure(registry: Registry | undefined, o: LatestFigure | undefined) {
  if (!o) return null;
  const line = `${formatDay(o.date)}: ${o.supply === '' ? 'no token supply (DefiLlama gives dollars)' : `supply ${o.supply}`}, ${usd(o.value)}, ${o.holders === null ? 'holders unavailable' : `${o.holders} holders`}`;
  if (o.blockNumber === null) return { line, block: null, api: { url: o.apiUrl, at: o.fetchedAt ? formatTimestamp(o.fetchedAt) : null } };
  return {
    line,
    block: {
      number: o.blockNumber,
      href: explorerLink(registry, o.chain, 'block', String(o.blockNumber)),
      time: o.blockTime,
      apiUrl: o.apiUrl || null,
    },
    api: null,
  };
}

/**
 * One row per deployment, assets in the registry's order: the asset's names (and what it was
 * checked against) on its first row only, its symbol muted on the others.
 */
export function trackedRows(
  registry: Registry,
  data: Pick<SourcesData, 'observations' | 'stale'>,
  gaps: CoverageGap[],
  links: EntityLinks,
) {
  return registry.assets.flatMap((a) =>
    a.deployments.map((d, i) => {
      const key = cellKey(a.symbol, d.chain);
      return {
        data: { asset: a.symbol, chain: d.chain },
        symbol: a.symbol,
        /** Null on the asset's later rows. */
        names: i === 0 ? assetNames(a, links) : null,
        reference: i === 0 && a.reference ? referenceParts(a.reference) : null,
        deployment: deploymentCell(registry, a, d),
        method: methodCell(registry, a, d.chain, i === 0, gaps),
        stale: staleNote(data.stale.get(key)),
        observed: observedFigure(registry, data.observations.get(key)),
      };
    }),
  );
}

export interface LongTailRow {
  symbol: string;
  names: AssetNames;
  /** What the entry was checked against, as written. */
  reference: string | null;
  slug: string | undefined;
  /** The DefiLlama chains it is read on, when it keeps only some. */
  only: string | null;
  /** Each chain's latest figure; none: not observed yet. */
  seen: Array<{ line: string; apiUrl: string | null }>;
}

/** The assets no reader covers, read from DefiLlama's protocol API; null when the registry has none (no section). */
export function longTailRows(registry: Registry, observations: Map<string, LatestFigure>, links: EntityLinks): LongTailRow[] | null {
  const assets = registry.assets.filter((a) => a.source === 'defillama-protocol');
  if (assets.length === 0) return null;
  return assets.map((a) => ({
    symbol: a.symbol,
    names: assetNames(a, links),
    reference: a.reference || null,
    slug: a.defillamaProtocol?.slug,
    only: a.defillamaProtocol?.chains ? a.defillamaProtocol.chains.join(', ') : null,
    seen: [...observations.values()]
      .filter((o) => o.assetSymbol === a.symbol)
      .map((o) => ({ line: `${chainName(registry, o.chain)}: ${usd(o.value)} on ${formatDay(o.date)}`, apiUrl: o.apiUrl })),
  }));
}
