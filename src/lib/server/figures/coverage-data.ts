/**
 * What the published totals include: per asset class, the value of the tracked assets (the
 * registry's, as the last published run measured them) against a named public reference for the
 * whole class, so a visitor can tell "BlackRock's and Ondo's funds" from "the market"; and, per
 * asset and chain that both a chain reader and DefiLlama's protocol API cover, the gap between
 * the two figures. Shown on /sources and served at /api/coverage.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { assets, publishedTotals } from '#db/schema/index.ts';
import { dayFigures, publishedCellsQuery, type DayFigure } from './read-model.ts';
import { isAggregator } from './precedence.ts';
import { DEFILLAMA_PROTOCOL } from '#lib/server/catalogue/aggregators.ts';
import { cellKey } from '#lib/server/catalogue/cell-key.ts';
import { asOfSql, servedFactsRead, servedRunRead } from './run-state.ts';
import { combine, readMany, readOne } from '#lib/server/db/reads.ts';
import { getDb } from '#lib/server/db/client.ts';
import { siteRegistry } from './sources-data.ts';
import {
  CLASS_REFERENCES,
  NUMERATOR_BASIS,
  OVERALL_LEADS,
  OVERALL_REFERENCE,
  OVERLAP_ESTIMATE,
  type ClassReference,
  type PrimaryReference,
} from './coverage-references.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import { holdingSchema, type Holding } from '#lib/shared/schemas/holdings.ts';

const leadSchema = z.object({
  date: z.string(),
  value: z.number(),
  approximate: z.boolean(),
  name: z.string(),
  url: z.string(),
  /** Why it is not used as a reference (a repost, another set). */
  why: z.string(),
});
const referenceSchema = z.object({
  date: z.string(),
  value: z.number(),
  approximate: z.boolean(),
  name: z.string(),
  url: z.string(),
  /** What the reference counts. */
  basis: z.string(),
});

/**
 * covered: tracked / reference; basis mismatch: the tracked value is above the reference (never
 * clamped: the two count different things, and the page says so); no reference: no primary figure;
 * unknown: no published run (the snapshot is served).
 */
const coverageStatus = z.enum(['covered', 'basis mismatch', 'no reference', 'unknown']);

const coverageClassSchema = z.object({
  assetClass: z.string(),
  /** Gross value of the tracked assets of the class on the published date; null while the snapshot is served. */
  trackedValue: z.number().nullable(),
  trackedAssets: z.array(z.string()),
  /** The one fixed primary figure of the class, or null. */
  reference: referenceSchema.nullable(),
  /** Why the class has no reference. */
  noReference: z.string().nullable(),
  /** trackedValue / reference in percent (2 decimals), not clamped; null when either is unknown. */
  coveragePct: z.number().nullable(),
  status: coverageStatus,
  /** Figures seen only in reposts: leads to a primary source, each with why it is not used. */
  leads: z.array(leadSchema),
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
  /** What the tracked values count (gross), so they are compared on a reference's basis. */
  basis: z.string(),
  /** Why trackedValue is null, when it is. */
  note: z.string().nullable(),
  /** One row per asset class: never an overall share without them. */
  classes: z.array(coverageClassSchema),
  /** All tokenized assets except stablecoins, shown after the classes, never alone. */
  overall: z.object({
    trackedValue: z.number().nullable(),
    reference: referenceSchema.nullable(),
    noReference: z.string().nullable(),
    coveragePct: z.number().nullable(),
    status: coverageStatus,
    leads: z.array(leadSchema),
  }),
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
   * holding wallet's balance read at the close (the published graph, `holdings`), valued at the day's price.
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
  /** Who holds whom on the published day: every holding of a tracked product by another's reserves (measured, estimate or unknown). */
  holdings: z.array(holdingSchema),
  /**
   * The RWA classes and the tracked stablecoins added together, on the published day: the plain sum,
   * what counting each dollar once nets from it (funds' holdings of funds, stablecoin reserves'
   * holdings of RWA products) and the total; null while the snapshot is served.
   */
  combined: z.object({ rowsSum: z.number(), netted: z.number(), value: z.number() }).nullable(),
  /** Deployments on chains no reader covers yet, with DefiLlama's dollars there where it gives them. */
  notCovered: z.array(
    z.object({
      chain: z.string(),
      family: z.string(),
      assets: z.array(z.object({ symbol: z.string(), note: z.string().nullable() })),
      defillamaValue: z.number().nullable(),
    }),
  ),
  /** Products of the market the registry does not track, with why (no public address, no NAV on a chain). */
  untracked: z.array(z.object({ name: z.string(), issuer: z.string(), assetClass: z.string(), note: z.string(), source: z.string() })),
});

export type Coverage = z.infer<typeof coverageSchema>;
export type ReserveHolding = Coverage['overlap']['holdings'][number];
export type CoverageGap = z.infer<typeof coverageGapSchema>;

const round2 = (n: number) => Math.round(n * 100) / 100;

const withFlag = <T extends { approximate?: boolean }>(r: T) => ({ ...r, approximate: !!r.approximate });

/** The share of a reference, unclamped, and what it is: covered, a basis mismatch, no reference or unknown. */
function share(
  value: number | null,
  ref: PrimaryReference | null,
): { coveragePct: number | null; status: Coverage['classes'][number]['status'] } {
  if (value === null) return { coveragePct: null, status: 'unknown' };
  if (!ref) return { coveragePct: null, status: 'no reference' };
  const coveragePct = round2((value / ref.value) * 100);
  return { coveragePct, status: value > ref.value ? 'basis mismatch' : 'covered' };
}

/**
 * Per asset class: the gross tracked value (published per-asset values) against the class's one
 * fixed primary reference, or no reference and why. `refs` is the reference table (a test passes its own).
 */
export function classCoverage(
  tracked: Array<{ symbol: string; assetClass: string; value: number }> | null,
  refs: readonly ClassReference[] = CLASS_REFERENCES,
): Coverage['classes'] {
  return refs.map((r) => {
    const mine = tracked?.filter((t) => t.assetClass === r.assetClass && t.value > 0) ?? null;
    const value = mine ? round2(mine.reduce((s, t) => s + t.value, 0)) : null;
    return {
      assetClass: r.assetClass,
      trackedValue: value,
      trackedAssets: (mine ?? []).map((t) => t.symbol).sort(),
      reference: r.reference ? withFlag(r.reference) : null,
      noReference: r.none,
      ...share(value, r.reference),
      leads: r.leads.map(withFlag),
    };
  });
}

/** All tokenized assets except stablecoins, gross, against the overall primary reference if there is one. */
export function overallCoverage(
  tracked: Array<{ assetClass: string; value: number }> | null,
  ref: PrimaryReference | null = OVERALL_REFERENCE,
): Coverage['overall'] {
  const value = tracked
    ? round2(tracked.filter((t) => t.assetClass !== 'Stablecoins' && t.value > 0).reduce((s, t) => s + t.value, 0))
    : null;
  return {
    trackedValue: value,
    reference: ref ? withFlag(ref) : null,
    noReference: ref
      ? null
      : 'no figure of the whole market from a primary source was found (rwa.xyz’s "Distributed" total is known only from reposts, listed as leads)',
    ...share(value, ref),
    leads: OVERALL_LEADS.map(withFlag),
  };
}

/** A figure of the day (read-model.ts): the one publish chose for a cell, or one beside it. */
type Obs = Omit<DayFigure, 'chosen' | 'price' | 'apiUrl'> & { chosen?: boolean; price?: number | null; apiUrl?: string | null };

/**
 * Stablecoin reserves holding tracked funds, from the published graph of who holds whom (the
 * balances the run read at the close, valued at the day's price): every wallet the registry names,
 * unmeasured (null, never zero) where the graph has no figure for it.
 */
export function reserveOverlap(registry: Registry | undefined, holdings: readonly Holding[]): Coverage['overlap'] {
  const out: ReserveHolding[] = [];
  for (const a of registry?.assets ?? [])
    for (const h of a.heldByStablecoins) {
      if (!('address' in h)) continue;
      const got = holdings.find(
        (x) => x.asset === a.symbol && x.holder === h.stablecoin && x.chain === h.chain && x.wallet === h.address.toLowerCase(),
      );
      const measured = got?.basis === 'measured';
      out.push({
        asset: a.symbol,
        stablecoin: h.stablecoin,
        holder: h.holder,
        chain: h.chain,
        address: h.address,
        balance: measured && got.balance !== null ? Number(got.balance) : null,
        block: measured ? got.blockNumber : null,
        value: measured ? got.value : null,
        source: h.source,
      });
    }
  const valued = out.filter((h) => h.value !== null);
  return {
    holdings: out,
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
    const key = cellKey(o.assetSymbol, o.chain);
    if (o.source === DEFILLAMA_PROTOCOL) llama.set(key, o);
    // The chain reader publish chose for the cell (listed first); never a second one beside it.
    else if (!isAggregator(o.source) && !reader.has(key)) reader.set(key, o);
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
      defillamaUrl: l.apiUrl ?? null,
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
  const rows = readMany(
    [
      db.select({ symbol: assets.symbol, assetClass: assets.assetClass, marketCap: assets.marketCap }).from(assets),
      publishedCellsQuery({ onAsOfDay: true }),
      db
        .select({ rowsSum: publishedTotals.rowsSum, netted: publishedTotals.netted, value: publishedTotals.value })
        .from(publishedTotals)
        .where(and(eq(publishedTotals.kind, 'market'), eq(publishedTotals.key, 'all'), eq(publishedTotals.date, asOfSql))),
    ],
    (results) => results,
  );
  return combine([servedFactsRead(), servedRunRead(), rows], ([facts, run, [published, cells, [combined]]]) =>
    coverageFrom(facts.publishedRun, facts.asOf, published, dayFigures(cells), run?.holdings ?? [], combined ?? null),
  );
}

export const loadCoverage = (): Promise<Coverage> => readOne(coverageRead());

function coverageFrom(
  publishedRun: number | undefined,
  asOf: string,
  published: Array<{ symbol: string; assetClass: string; marketCap: string | number }>,
  day: Obs[],
  holdings: Holding[],
  combined: Coverage['combined'],
): Coverage {
  const { registry } = siteRegistry();
  const classOf = new Map((registry?.assets ?? []).map((a) => [a.symbol, a.assetClass as string]));
  let tracked: Array<{ symbol: string; assetClass: string; value: number }> | null = null;
  let marketCaps: Map<string, number> | null = null;
  let gapRows: CoverageGap[] = [];
  if (publishedRun !== undefined) {
    const mine = published.filter((a) => classOf.has(a.symbol));
    marketCaps = new Map(mine.map((a) => [a.symbol, Number(a.marketCap)]));
    // Gross, as the references count: a fund held by another tracked fund is in both (the totals net it; coverage does not).
    tracked = mine.map((a) => ({ symbol: a.symbol, assetClass: a.assetClass, value: Number(a.marketCap) }));
    gapRows = gaps(day);
  }
  return {
    asOf,
    publishedRun: publishedRun ?? null,
    basis: NUMERATOR_BASIS,
    note:
      publishedRun === undefined
        ? 'No ingest run is published: the site serves the snapshot, whose figures follow the public reports for the whole market, not the tracked assets.'
        : null,
    classes: classCoverage(tracked),
    overall: overallCoverage(tracked),
    gaps: gapRows,
    doubleCounts: doubleCounts(registry, marketCaps),
    overlap: reserveOverlap(registry, publishedRun === undefined ? [] : holdings),
    holdings: publishedRun === undefined ? [] : holdings,
    combined: publishedRun === undefined ? null : combined,
    notCovered: notCovered(registry, publishedRun === undefined ? [] : day),
    untracked: registry?.uncoveredProducts ?? [],
  };
}
