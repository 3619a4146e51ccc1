/**
 * The detectors: pure functions from the figures a run published to the events they
 * show. Each reads the published figures only (accepted observations, the run's held and stale
 * cells, the previous published run's cells), never a figure the breaker refused as if it were
 * true: of a held read, only where it was read appears (its block or API call), never its figures.
 */
import { shiftDay } from '#lib/shared/utc-day.ts';
import { formatCurrency } from '#lib/shared/format.ts';
import { pegPriceProblem } from '#lib/server/catalogue/bounds.ts';
import { navDayBoundOf } from '#lib/shared/asset-classes.ts';
import { beyond, DEPEG_BOUND, HOLD_RULE, PEG_USD, SUPPLY_BOUND } from './rules.ts';
import { alertId, type AlertEvent, type EvidenceFigure, type EvidenceRead } from './types.ts';
import { TOTAL_LABELS } from '#lib/server/catalogue/rules.ts';

/** A published figure of one asset on one chain and day, with where it was read. */
export type Figure = EvidenceRead & { asset: string };

export interface AssetInfo {
  symbol: string;
  name: string;
  assetClass: string;
}

export interface DetectInput {
  assets: AssetInfo[];
  /** The published figures of the last days (at least the as-of day and the one before), one per asset, chain and day. */
  figures: Figure[];
  /** The as-of day of the run. */
  asOf: string;
  /** Cells the per-asset breaker held: the figure still published, and the read it refused (only where it was read is shown). */
  held: Array<{ asset: string; chain: string; why: string; published: EvidenceFigure | null; refused: Figure | null }>;
  /** Cells shown with an earlier figure because their source failed or its price went stale (not the held ones). */
  stale: Array<{ asset: string; chain: string; since: string; reason: string }>;
  /** The assets of the previous published run; null on the first run (every asset is new then: no event). */
  previousAssets: Set<string> | null;
  /** A chain's name for the titles and rules ("Ethereum" for "ethereum"); the key when not given. */
  chainName?: (key: string) => string;
}

const pct = (f: number) => `${(f * 100).toFixed(2)}%`;
const signed = (f: number) => `${f >= 0 ? '+' : ''}${pct(f)}`;
/** Dollars in a title or note by the spec's currency rule, as every page writes them ('$0.97', '$265.05K'). */
const usd = (n: number) => formatCurrency(n);
const tokens = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Per asset, its figures of one day keyed by chain. */
function byAssetDay(figures: Figure[]) {
  const out = new Map<string, Map<string, Map<string, Figure>>>();
  for (const f of figures) {
    const days = out.get(f.asset) ?? out.set(f.asset, new Map()).get(f.asset)!;
    (days.get(f.day) ?? days.set(f.day, new Map()).get(f.day)!).set(f.chain, f);
  }
  return out;
}

/**
 * The day an asset's latest figures are of (the as-of day, or the day before for a source read at
 * the last close in a head-first run) and the day before it: the pair a day's move is measured on.
 */
function lastTwoDays(days: Map<string, Map<string, Figure>>, asOf: string): [string, string] | null {
  for (const day of [asOf, shiftDay(asOf, -1)]) if (days.has(day)) return [shiftDay(day, -1), day];
  return null;
}

const priceOf = (cells: Map<string, Figure> | undefined) => [...(cells?.values() ?? [])].find((f) => f.price !== null)?.price ?? null;

/**
 * A stablecoin's price against its peg: the market price its source reported (DefiLlama's), with
 * the read that reported it; else its published price. A fixed-$1 valuation alone never departs.
 */
function pegPriceOf(cells: Map<string, Figure> | undefined): { price: number | null; reported: Figure | null } {
  const reported = [...(cells?.values() ?? [])].find((f) => typeof f.marketPrice === 'number') ?? null;
  return reported ? { price: reported.marketPrice!, reported } : { price: priceOf(cells), reported: null };
}

/** A figure's read without the asset key. */
const readOf = ({ asset: _a, ...r }: Figure): EvidenceRead => r;

/** A read the breaker refused: where it was read (block, contract or API call), its figures withheld. */
const withheld = (f: Figure): EvidenceRead => ({ ...readOf(f), supply: null, price: null, value: null, marketPrice: null, withheld: true });

export function detect(input: DetectInput): AlertEvent[] {
  const name = input.chainName ?? ((key: string) => key);
  const events: AlertEvent[] = [];
  const perAsset = byAssetDay(input.figures);
  for (const a of input.assets) {
    const days = perAsset.get(a.symbol);
    if (!days) continue;
    const pair = lastTwoDays(days, input.asOf);
    if (!pair) continue;
    const [dayBefore, day] = pair;
    const now = days.get(day)!;
    const then = days.get(dayBefore);
    const chains = [...now.keys()].sort();
    const base = { day, assetSymbol: a.symbol, assetClass: a.assetClass, chain: null, chains };
    const reads = [...(then?.values() ?? []), ...now.values()].map(readOf);
    const price = priceOf(now);
    const priceBefore = priceOf(then);

    // A product added to the registry: its backfilled history (or none) is not a day's move, nor its
    // first price a depeg. Its addition is the one event; the moves start with its second published run.
    if (input.previousAssets && !input.previousAssets.has(a.symbol)) {
      events.push({
        ...base,
        id: alertId('new-asset', a.symbol, day),
        kind: 'new-asset',
        title: `${a.symbol} (${a.name}) now tracked, on ${chains.map(name).join(', ')}`,
        evidence: {
          measure: 'value',
          unit: 'usd',
          before: null,
          after: { day, value: [...now.values()].reduce((s, f) => s + (f.value ?? 0), 0) },
          change: null,
          rule: 'an asset published for the first time',
          reads: [...now.values()].map(readOf),
        },
      });
      continue;
    }

    if (a.assetClass === 'Stablecoins') {
      const peg = pegPriceOf(now);
      const pegBefore = pegPriceOf(then).price;
      // The published figures' plausibility bound too: a price no $1 coin can have is a broken read, not a depeg.
      if (peg.price !== null && pegPriceProblem(peg.price, PEG_USD) === null && beyond(peg.price / PEG_USD - 1, DEPEG_BOUND)) {
        const off = peg.price / PEG_USD - 1;
        const r = peg.reported;
        events.push({
          ...base,
          id: alertId('depeg', a.symbol, day),
          kind: 'depeg',
          title: `${a.symbol} at ${usd(peg.price)}, ${pct(Math.abs(off))} off its $1 peg`,
          evidence: {
            measure: 'price',
            unit: 'usd',
            before: pegBefore === null ? null : { day: dayBefore, value: pegBefore },
            after: { day, value: peg.price },
            change: off,
            rule: `a stablecoin more than ${pct(DEPEG_BOUND)} off its $1 peg`,
            reads,
            ...(r && {
              note: `market price ${usd(peg.price)} as reported by ${r.source} at ${r.apiUrl ?? 'its API'}${r.fetchedAt ? ` (fetched ${r.fetchedAt})` : ''}; the figures stay valued at ${r.price === null ? 'its registry price' : usd(r.price)} a token`,
            }),
          },
        });
      }
    } else if (price !== null && priceBefore !== null && priceBefore > 0) {
      const bound = navDayBoundOf(a.assetClass);
      const change = price / priceBefore - 1;
      if (bound !== undefined && beyond(change, bound))
        events.push({
          ...base,
          id: alertId('nav-move', a.symbol, day),
          kind: 'nav-move',
          title: `${a.symbol} NAV ${signed(change)} in a day (${usd(priceBefore)} to ${usd(price)})`,
          evidence: {
            measure: 'price',
            unit: 'usd',
            before: { day: dayBefore, value: priceBefore },
            after: { day, value: price },
            change,
            rule: `a NAV moving more than ${pct(bound)} in a day (${a.assetClass})`,
            reads,
          },
        });
    }

    // Supply: the chains read on both days, so a chain added or gone stale is not a move.
    const both = chains.filter((c) => then?.has(c));
    if (both.length) {
      const sum = (m: Map<string, Figure>) => both.reduce((s, c) => s + Number(m.get(c)!.supply ?? 0), 0);
      const after = sum(now);
      const before = sum(then!);
      const change = before > 0 ? after / before - 1 : null;
      if (change !== null && beyond(change, SUPPLY_BOUND))
        events.push({
          ...base,
          id: alertId('supply-move', a.symbol, day),
          kind: 'supply-move',
          title: `${a.symbol} supply ${signed(change)} in a day (${tokens(before)} to ${tokens(after)})`,
          evidence: {
            measure: 'supply',
            unit: 'tokens',
            before: { day: dayBefore, value: before },
            after: { day, value: after },
            change,
            rule: `a supply move of more than ${pct(SUPPLY_BOUND)} in a day (on ${both.map(name).join(', ')})`,
            reads: reads.filter((r) => both.includes(r.chain)),
          },
        });
    }
  }

  const info = new Map(input.assets.map((a) => [a.symbol, a]));
  for (const h of input.held) {
    const a = info.get(h.asset);
    if (!a) continue;
    // The figure still served, where it was read: the cell's latest published read.
    const served = input.figures
      .filter((f) => f.asset === h.asset && f.chain === h.chain && f.day <= input.asOf)
      .sort((x, y) => y.day.localeCompare(x.day))[0];
    events.push({
      id: alertId('hold', h.asset, input.asOf, h.chain),
      kind: 'hold',
      day: input.asOf,
      assetSymbol: h.asset,
      assetClass: a.assetClass,
      chain: h.chain,
      chains: [h.chain],
      title: `${h.asset} on ${name(h.chain)} held by the circuit breaker`,
      evidence: {
        measure: 'value',
        unit: 'usd',
        before: h.published,
        // The refused figure is never shown: the reason says the move as a ratio of the published one.
        after: null,
        change: null,
        rule: HOLD_RULE,
        reads: [...(served ? [readOf(served)] : []), ...(h.refused ? [withheld(h.refused)] : [])],
        note: h.why,
      },
    });
  }

  for (const s of input.stale) {
    const a = info.get(s.asset);
    if (!a) continue;
    events.push({
      id: alertId('stale', s.asset, s.since, s.chain),
      kind: 'stale',
      day: s.since,
      assetSymbol: s.asset,
      assetClass: a.assetClass,
      chain: s.chain,
      chains: [s.chain],
      title: `${s.asset} on ${name(s.chain)}: source stale since ${s.since}`,
      evidence: {
        measure: 'value',
        unit: 'usd',
        before: null,
        after: null,
        change: null,
        rule: 'a source that failed or whose price went past its age bound: its last good figure is shown, marked stale',
        reads: input.figures.filter((f) => f.asset === s.asset && f.chain === s.chain && f.day === s.since).map(readOf),
        note: s.reason,
      },
    });
  }
  return events;
}

/**
 * A run the totals' breaker held whole: one event for the run (no asset: symbol and class are '', no network), with the
 * published total still served and the breaker's reason; the refused totals are never shown.
 */
export function runHold(h: {
  asOf: string;
  why: string;
  total: keyof typeof TOTAL_LABELS | null;
  published: EvidenceFigure | null;
}): AlertEvent {
  return {
    id: alertId('hold', 'run', h.asOf),
    kind: 'hold',
    day: h.asOf,
    assetSymbol: '',
    assetClass: '',
    chain: null,
    chains: [],
    title: `The run of ${h.asOf} held whole by the circuit breaker${h.total ? ` (its ${TOTAL_LABELS[h.total]})` : ''}`,
    evidence: { measure: 'value', unit: 'usd', before: h.published, after: null, change: null, rule: HOLD_RULE, reads: [], note: h.why },
  };
}
