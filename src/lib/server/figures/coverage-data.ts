/**
 * What the published totals include: per asset class, the value of the tracked assets (the
 * registry's, as the last published run measured them) against a named public reference for the
 * whole class, so a visitor can tell "BlackRock's and Ondo's funds" from "the market"; and, per
 * asset and chain that both a chain reader and DefiLlama's protocol API cover, the gap between
 * the two figures. Shown on /sources and served at /api/coverage.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { assets, ingestCheckpoints, ingestHolders } from '#db/schema/index.ts';
import { ASSET_CLASSES } from '#lib/shared/asset-classes.ts';
import { servedObservations, type Observation } from './observations.ts';
import { isAggregator, outranks, type Ranked } from './precedence.ts';
import { SOURCE_NAME as DEFILLAMA_PROTOCOL } from '#lib/server/ingest/sources/defillama-protocol.ts';
import { asOfFrom, asOfSql, metaQuery, publishedRunFrom } from './analytics.ts';
import { readMany, readOne } from '#lib/server/db/reads.ts';
import { getDb } from '#lib/server/db/client.ts';
import { siteRegistry } from './sources-data.ts';
import { OVERALL_REFS, OVERLAP_ESTIMATE, REFERENCE_CLASSES, referenceOn, type DatedReference } from './coverage-references.ts';
import type { Registry } from '#lib/server/ingest/registry.ts';
import { countedOnce } from './counted-once.ts';

/** What every reference measures, and what it leaves out. */
const BASIS =
  'tokens transferable on chain (rwa.xyz "Distributed"); ledger mirrors ("Represented", e.g. $19.78B of private credit on 9 Jan 2026) are not included';

const coverageClassSchema = z.object({
  /** The reference's class; several site classes may share one (bonds). */
  referenceClass: z.string(),
  assetClasses: z.array(z.string()),
  /** Value of the tracked assets in these classes on the published date; null while the snapshot is served. */
  trackedValue: z.number().nullable(),
  trackedAssets: z.array(z.string()),
  /** The nearest reference dated on or before the published day; null (and coverage unknown) when every one is later. */
  referenceValue: z.number().nullable(),
  referenceApproximate: z.boolean(),
  referenceDate: z.string().nullable(),
  referenceName: z.string().nullable(),
  referenceUrl: z.string().nullable(),
  /** trackedValue / referenceValue in percent (2 decimals); null when either is. */
  coveragePct: z.number().nullable(),
});

const datedSchema = z.object({ date: z.string(), value: z.number(), approximate: z.boolean(), name: z.string(), url: z.string() });

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
  /** The overall reference the published day is compared with (nearest on or before it); date '' when none is. */
  reference: z.object({ name: z.string(), date: z.string(), url: z.string(), basis: z.string() }),
  /** Why trackedValue is null, when it is. */
  note: z.string().nullable(),
  classes: z.array(coverageClassSchema),
  /** All tokenized assets except stablecoins, tracked against the overall reference. */
  overall: z.object({
    trackedValue: z.number().nullable(),
    referenceValue: z.number().nullable(),
    referenceDate: z.string().nullable(),
    coveragePct: z.number().nullable(),
  }),
  /** Every dated reference kept, per reference class ('Overall' for the total), for the record. */
  references: z.array(z.object({ referenceClass: z.string(), refs: z.array(datedSchema) })),
  /** Site classes the reference gives no figure for. */
  unreferencedClasses: z.array(z.string()),
  gaps: z.array(coverageGapSchema),
  /**
   * Held by share: a tracked fund held by another tracked fund whose documents give the share but
   * no wallet (OUSG's BUIDL), sized as the holding fund's published value × share. Every total
   * leaves this much of the holding fund out, so it is counted once (figures/counted-once.ts).
   */
  doubleCounts: z.array(
    z.object({ asset: z.string(), fund: z.string(), share: z.number(), value: z.number().nullable(), source: z.string() }),
  ),
  /**
   * The RWA and stablecoin totals overlap where stablecoin reserves hold tracked funds: each
   * holding wallet's indexed balance at the block its index stands at, valued at the day's price.
   */
  overlap: z.object({
    holdings: z.array(
      z.object({
        asset: z.string(),
        stablecoin: z.string(),
        holder: z.string(),
        chain: z.string(),
        address: z.string(),
        /** Whole tokens; null when the deployment's transfers are not indexed yet. */
        balance: z.number().nullable(),
        block: z.number().nullable(),
        value: z.number().nullable(),
        source: z.string(),
      }),
    ),
    /** Sum of the holdings valued; null when none is. */
    measuredValue: z.number().nullable(),
    /** A dated public figure for the same overlap, for when it is not measured (or as a check). */
    estimate: datedSchema,
  }),
  /** Deployments on chains no reader covers yet, with DefiLlama's dollars there where it gives them. */
  notCovered: z.array(
    z.object({
      chain: z.string(),
      family: z.string(),
      assets: z.array(z.object({ symbol: z.string(), note: z.string().nullable() })),
      defillamaValue: z.number().nullable(),
    }),
  ),
});

export type Coverage = z.infer<typeof coverageSchema>;
export type ReserveHolding = Coverage['overlap']['holdings'][number];
export type CoverageGap = z.infer<typeof coverageGapSchema>;

const round2 = (n: number) => Math.round(n * 100) / 100;

const pct = (value: number | null, ref: DatedReference | null) => (value === null || !ref ? null : round2((value / ref.value) * 100));

/**
 * Per reference class on `date`: tracked value (from published per-asset values) against the
 * nearest reference dated on or before that day, named with its date and source.
 */
export function classCoverage(
  tracked: Array<{ symbol: string; assetClass: string; value: number }> | null,
  date: string,
): Coverage['classes'] {
  return REFERENCE_CLASSES.map((r) => {
    const mine = tracked?.filter((t) => r.classes.includes(t.assetClass) && t.value > 0) ?? null;
    const value = mine ? mine.reduce((s, t) => s + t.value, 0) : null;
    const ref = referenceOn(r.refs, date);
    return {
      referenceClass: r.label,
      assetClasses: r.classes,
      trackedValue: value === null ? null : round2(value),
      trackedAssets: (mine ?? []).map((t) => t.symbol).sort(),
      referenceValue: ref?.value ?? null,
      referenceApproximate: !!ref?.approximate,
      referenceDate: ref?.date ?? null,
      referenceName: ref?.name ?? null,
      referenceUrl: ref?.url ?? null,
      coveragePct: pct(value, ref),
    };
  });
}

/** All tokenized assets except stablecoins on `date`, against the nearest earlier overall reference. */
export function overallCoverage(tracked: Array<{ assetClass: string; value: number }> | null, date: string): Coverage['overall'] {
  const value = tracked
    ? round2(tracked.filter((t) => t.assetClass !== 'Stablecoins' && t.value > 0).reduce((s, t) => s + t.value, 0))
    : null;
  const ref = referenceOn(OVERALL_REFS, date);
  return { trackedValue: value, referenceValue: ref?.value ?? null, referenceDate: ref?.date ?? null, coveragePct: pct(value, ref) };
}

type Obs = Ranked & Pick<Observation, 'value' | 'apiUrl'> & { price?: number | null };

/** An indexed holder balance (raw units) with its deployment's decimals and the block the index stands at. */
export interface IndexedBalance {
  chain: string;
  token: string;
  holder: string;
  balance: string;
  decimals: number;
  lastBlock: number;
}

/** Stablecoin reserves holding tracked funds, valued from the index and the day's chain-read price. */
export function reserveOverlap(registry: Registry | undefined, balances: IndexedBalance[], day: Obs[]): Coverage['overlap'] {
  const holdings: ReserveHolding[] = [];
  for (const a of registry?.assets ?? [])
    for (const h of a.heldByStablecoins) {
      const token = a.deployments.find((d) => d.chain === h.chain)?.address;
      const b = balances.find((x) => x.chain === h.chain && x.token === token && x.holder === h.address);
      const price = day.find((o) => o.assetSymbol === a.symbol && o.chain === h.chain && !isAggregator(o.source))?.price ?? null;
      const balance = b ? Number(b.balance) / 10 ** b.decimals : null;
      holdings.push({
        asset: a.symbol,
        stablecoin: h.stablecoin,
        holder: h.holder,
        chain: h.chain,
        address: h.address,
        balance,
        block: b?.lastBlock ?? null,
        value: balance === null || price === null ? null : round2(balance * price),
        source: h.source,
      });
    }
  const valued = holdings.filter((h) => h.value !== null);
  return {
    holdings,
    measuredValue: valued.length ? round2(valued.reduce((s, h) => s + h.value!, 0)) : null,
    estimate: { ...OVERLAP_ESTIMATE, approximate: !!OVERLAP_ESTIMATE.approximate },
  };
}

/** Funds held by tracked funds that publish a share but no wallet: the holder's published value × share. */
export function doubleCounts(registry: Registry | undefined, published: Map<string, number> | null): Coverage['doubleCounts'] {
  const out: Coverage['doubleCounts'] = [];
  for (const a of registry?.assets ?? [])
    for (const h of a.heldByFunds)
      if ('share' in h) {
        const fundValue = published?.get(h.fund);
        out.push({
          asset: a.symbol,
          fund: h.fund,
          share: Number(h.share),
          value: fundValue === undefined ? null : round2(fundValue * Number(h.share)),
          source: h.source,
        });
      }
  return out;
}

/** Per chain no reader covers: the registry's deployments there, and DefiLlama's dollars for them that day. */
export function notCovered(registry: Registry | undefined, day: Obs[]): Coverage['notCovered'] {
  const byChain = new Map<string, Coverage['notCovered'][number]>();
  for (const a of registry?.assets ?? [])
    for (const u of a.uncovered) {
      const row = byChain.get(u.chain) ?? { chain: u.chain, family: u.family, assets: [], defillamaValue: null };
      row.assets.push({ symbol: a.symbol, note: u.note ?? null });
      const llama = day.find(
        (o) => o.assetSymbol === a.symbol && o.chain === u.chain && o.source === DEFILLAMA_PROTOCOL && o.value !== null,
      );
      if (llama) row.defillamaValue = round2((row.defillamaValue ?? 0) + llama.value!);
      byChain.set(u.chain, row);
    }
  return [...byChain.values()].sort((x, y) => x.family.localeCompare(y.family) || x.chain.localeCompare(y.chain));
}

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
  const wallets = [...new Set((siteRegistry().registry?.assets ?? []).flatMap((a) => a.heldByStablecoins.map((h) => h.address as string)))];
  return readMany(
    [
      metaQuery('publishedRun'),
      metaQuery('asOf'),
      db.select({ symbol: assets.symbol, assetClass: assets.assetClass, marketCap: assets.marketCap }).from(assets),
      servedObservations({ asOf: asOfSql, onAsOfDay: true }),
      db
        .select({
          chain: ingestHolders.chain,
          token: ingestHolders.token,
          holder: ingestHolders.holder,
          balance: ingestHolders.balance,
          decimals: ingestCheckpoints.decimals,
          lastBlock: ingestCheckpoints.lastBlock,
        })
        .from(ingestHolders)
        .innerJoin(
          ingestCheckpoints,
          and(eq(ingestHolders.chain, ingestCheckpoints.chain), eq(ingestHolders.token, ingestCheckpoints.token)),
        )
        .where(inArray(ingestHolders.holder, wallets.length ? wallets : [''])),
    ],
    ([publishedRows, asOfRows, published, day, balances]) =>
      coverageFrom(publishedRunFrom(publishedRows), asOfFrom(asOfRows), published, day, balances),
  );
}

export const loadCoverage = (): Promise<Coverage> => readOne(coverageRead());

function coverageFrom(
  publishedRun: number | undefined,
  asOf: string,
  published: Array<{ symbol: string; assetClass: string; marketCap: string | number }>,
  day: Obs[],
  balances: IndexedBalance[],
): Coverage {
  const { registry } = siteRegistry();
  const classOf = new Map((registry?.assets ?? []).map((a) => [a.symbol, a.assetClass as string]));
  let tracked: Array<{ symbol: string; assetClass: string; value: number }> | null = null;
  let marketCaps: Map<string, number> | null = null;
  let gapRows: CoverageGap[] = [];
  if (publishedRun !== undefined) {
    const mine = published.filter((a) => classOf.has(a.symbol));
    marketCaps = new Map(mine.map((a) => [a.symbol, Number(a.marketCap)]));
    // Coverage compares the totals the site shows: a fund-of-funds' holdings counted once.
    const counted = countedOnce(registry);
    tracked = mine.map((a) => ({ symbol: a.symbol, assetClass: a.assetClass, value: counted(a.symbol, Number(a.marketCap)) }));
    gapRows = gaps(day);
  }
  const referenced = new Set(REFERENCE_CLASSES.flatMap((r) => r.classes));
  const overallRef = referenceOn(OVERALL_REFS, asOf);
  const dated = (refs: DatedReference[]) => refs.map((r) => ({ ...r, approximate: !!r.approximate }));
  return {
    asOf,
    publishedRun: publishedRun ?? null,
    reference: {
      name: overallRef?.name ?? 'none dated on or before this day',
      date: overallRef?.date ?? '',
      url: overallRef?.url ?? '',
      basis: BASIS,
    },
    note:
      publishedRun === undefined
        ? 'No ingest run is published: the site serves the snapshot, whose figures follow the public reports for the whole market, not the tracked assets.'
        : null,
    classes: classCoverage(tracked, asOf),
    overall: overallCoverage(tracked, asOf),
    references: [
      ...REFERENCE_CLASSES.map((r) => ({ referenceClass: r.label, refs: dated(r.refs) })),
      { referenceClass: 'Overall', refs: dated(OVERALL_REFS) },
    ],
    unreferencedClasses: ASSET_CLASSES.filter((c) => !referenced.has(c)),
    gaps: gapRows,
    doubleCounts: doubleCounts(registry, marketCaps),
    overlap: reserveOverlap(registry, publishedRun === undefined ? [] : balances, publishedRun === undefined ? [] : day),
    notCovered: notCovered(registry, publishedRun === undefined ? [] : day),
  };
}
