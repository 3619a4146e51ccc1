/**
 * What the published totals include: per asset class, the value of the tracked assets (the
 * registry's, as the last published run measured them) against a named public reference for the
 * whole class, so a visitor can tell "BlackRock's and Ondo's funds" from "the market"; and, per
 * asset and chain that both a chain reader and DefiLlama's protocol API cover, the gap between
 * the two figures. Shown on /sources and served at /api/coverage.
 */
import { z } from 'zod';
import { assets } from '#db/schema/index.ts';
import { ASSET_CLASSES } from './ingest/registry.ts';
import { servedObservations, type Observation } from './figures/observations.ts';
import { isAggregator, outranks, type Ranked } from './figures/precedence.ts';
import { SOURCE_NAME as DEFILLAMA_PROTOCOL } from './ingest/sources/defillama-protocol.ts';
import { asOfFrom, asOfSql, metaQuery, publishedRunFrom } from './analytics.ts';
import { readMany, readOne } from './reads.ts';
import { getDb } from './db.ts';
import { siteRegistry } from './sources-data.ts';

/**
 * rwa.xyz's "Distributed" value per class (tokens transferable on chain; ledger mirrors such as
 * Figure's loans are "Represented" and left out), 9 January 2026, as reported with its source in
 * shared/data/public-figures.md §3b. The only dated per-class breakdown on that basis; a newer
 * total ($27.68B, 4 April 2026) has no split by class.
 */
const REFERENCE = {
  name: 'rwa.xyz, "Distributed" value by asset class',
  date: '2026-01-09',
  url: 'https://igcurrencynews.com/tokenized-government-bonds-have-soared-125-creating-a-programmable-cash-loop-that-banks-are-scrambling-to-copy',
  basis: 'tokens transferable on chain ("Distributed"); ledger mirrors ("Represented", e.g. $19.78B of private credit) are not included',
} as const;

/** Reference value (dollars) per reference class, and which site classes it covers. */
export const REFERENCE_CLASSES: Array<{ label: string; value: number; approximate?: boolean; classes: string[] }> = [
  { label: 'U.S. Treasuries/MMFs', value: 8.86e9, classes: ['U.S. Treasuries'] },
  { label: 'Commodities', value: 4e9, approximate: true, classes: ['Commodities'] },
  { label: 'Institutional funds', value: 2.84e9, classes: ['Institutional Funds'] },
  { label: 'Private credit (distributed tokens)', value: 2.32e9, classes: ['Private Credit'] },
  { label: 'Bonds', value: 0.88e9, classes: ['Global Bonds', 'Corporate Bonds'] },
  { label: 'Stocks', value: 0.8e9, classes: ['Stocks'] },
  { label: 'Stablecoins', value: 307.6e9, classes: ['Stablecoins'] },
];

const coverageClassSchema = z.object({
  /** The reference's class; several site classes may share one (bonds). */
  referenceClass: z.string(),
  assetClasses: z.array(z.string()),
  /** Value of the tracked assets in these classes on the published date; null while the snapshot is served. */
  trackedValue: z.number().nullable(),
  trackedAssets: z.array(z.string()),
  referenceValue: z.number(),
  referenceApproximate: z.boolean(),
  /** trackedValue / referenceValue in percent (2 decimals); null when trackedValue is. */
  coveragePct: z.number().nullable(),
});

export const coverageGapSchema = z.object({
  symbol: z.string(),
  chain: z.string(),
  /** The chain reader's figure (the one counted) and which reader gave it. */
  chainSource: z.string(),
  chainValue: z.number(),
  /** DefiLlama's protocol figure for the same asset, chain and day, and the URL asked. */
  defillamaValue: z.number(),
  defillamaUrl: z.string().nullable(),
  /** (DefiLlama − chain) / chain, in percent (2 decimals); null when the chain's figure is 0. */
  gapPct: z.number().nullable(),
});

export const coverageSchema = z.object({
  asOf: z.string(),
  /** The published run the tracked values come from; null while the site serves the snapshot. */
  publishedRun: z.number().nullable(),
  reference: z.object({ name: z.string(), date: z.string(), url: z.string(), basis: z.string() }),
  /** Why trackedValue is null, when it is. */
  note: z.string().nullable(),
  classes: z.array(coverageClassSchema),
  /** Site classes the reference gives no figure for. */
  unreferencedClasses: z.array(z.string()),
  gaps: z.array(coverageGapSchema),
});

export type Coverage = z.infer<typeof coverageSchema>;
export type CoverageGap = z.infer<typeof coverageGapSchema>;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Per reference class: tracked value (from published per-asset values) against the reference. */
export function classCoverage(tracked: Array<{ symbol: string; assetClass: string; value: number }> | null): Coverage['classes'] {
  return REFERENCE_CLASSES.map((r) => {
    const mine = tracked?.filter((t) => r.classes.includes(t.assetClass) && t.value > 0) ?? null;
    const value = mine ? mine.reduce((s, t) => s + t.value, 0) : null;
    return {
      referenceClass: r.label,
      assetClasses: r.classes,
      trackedValue: value === null ? null : round2(value),
      trackedAssets: (mine ?? []).map((t) => t.symbol).sort(),
      referenceValue: r.value,
      referenceApproximate: !!r.approximate,
      coveragePct: value === null ? null : round2((value / r.value) * 100),
    };
  });
}

type Obs = Ranked & Pick<Observation, 'value' | 'apiUrl'>;

/** Where a chain reader and DefiLlama's protocol API both give a figure for one asset and chain (one day's observations). */
export function gaps(rows: Obs[]): CoverageGap[] {
  const reader = new Map<string, Obs>();
  const llama = new Map<string, Obs>();
  for (const o of rows) {
    if (o.value === null) continue;
    const key = `${o.assetSymbol}|${o.chain}`;
    if (o.source === DEFILLAMA_PROTOCOL) llama.set(key, o);
    else if (!isAggregator(o.source)) {
      const prev = reader.get(key);
      if (!prev || outranks(o, prev)) reader.set(key, o);
    }
  }
  const out: CoverageGap[] = [];
  for (const [key, r] of reader) {
    const l = llama.get(key);
    if (!l) continue;
    out.push({
      symbol: r.assetSymbol,
      chain: r.chain,
      chainSource: r.source,
      chainValue: round2(r.value!),
      defillamaValue: round2(l.value!),
      defillamaUrl: l.apiUrl,
      gapPct: r.value! > 0 ? round2(((l.value! - r.value!) / r.value!) * 100) : null,
    });
  }
  return out.sort((a, b) => a.symbol.localeCompare(b.symbol) || a.chain.localeCompare(b.chain));
}

/**
 * The coverage of the figures the site serves now, as one batched read (the published state, the
 * as-of date, the published assets and the day's observations travel together; the day is read in
 * SQL), so a caller adds it to its own round trip.
 */
export function coverageRead() {
  const db = getDb();
  return readMany(
    [
      metaQuery('publishedRun'),
      metaQuery('asOf'),
      db.select({ symbol: assets.symbol, assetClass: assets.assetClass, marketCap: assets.marketCap }).from(assets),
      servedObservations({ asOf: asOfSql, onAsOfDay: true }),
    ],
    ([publishedRows, asOfRows, published, day]) => coverageFrom(publishedRunFrom(publishedRows), asOfFrom(asOfRows), published, day),
  );
}

export const loadCoverage = (): Promise<Coverage> => readOne(coverageRead());

function coverageFrom(
  publishedRun: number | undefined,
  asOf: string,
  published: Array<{ symbol: string; assetClass: string; marketCap: string | number }>,
  day: Obs[],
): Coverage {
  const { registry } = siteRegistry();
  const classOf = new Map((registry?.assets ?? []).map((a) => [a.symbol, a.assetClass as string]));
  let tracked: Array<{ symbol: string; assetClass: string; value: number }> | null = null;
  let gapRows: CoverageGap[] = [];
  if (publishedRun !== undefined) {
    tracked = published
      .filter((a) => classOf.has(a.symbol))
      .map((a) => ({ symbol: a.symbol, assetClass: a.assetClass, value: Number(a.marketCap) }));
    gapRows = gaps(day);
  }
  const referenced = new Set(REFERENCE_CLASSES.flatMap((r) => r.classes));
  return {
    asOf,
    publishedRun: publishedRun ?? null,
    reference: { ...REFERENCE },
    note:
      publishedRun === undefined
        ? 'No ingest run is published: the site serves the snapshot, whose figures follow the public reports for the whole market, not the tracked assets.'
        : null,
    classes: classCoverage(tracked),
    unreferencedClasses: ASSET_CLASSES.filter((c) => !referenced.has(c)),
    gaps: gapRows,
  };
}
