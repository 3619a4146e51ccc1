/**
 * Real history from DefiLlama's free history APIs, so the charts' days before the
 * runs' own reads are the market's, never the snapshot's synthetic detail:
 * - `/stablecoincharts/all` and `/stablecoincharts/{Chain}` (stablecoins API): the stablecoin
 *   market cap per day, in total and per registry chain. Rows are
 *   `{ date, totalCirculatingUSD: { peggedUSD, peggedEUR, ... } }` with `date` in Unix seconds (a
 *   number or a string); the day's value is the sum over pegs, already in dollars.
 * - `/protocol/{slug}` (TVL API): for each registry asset that names a DefiLlama protocol, the
 *   value per chain per day, `chainTvls[Chain].tvl[] = { date, totalLiquidityUSD }`.
 * A row stamped 00:00 UTC is the close of the day before (as the daily readers count a day); a row
 * stamped later in a day (the API's "now" point) is no close and is left out. Each point is kept
 * with the URL it came from, as labelled for showing (table ingest_history). A failure here is a warning: history never
 * holds today's figures back.
 */
import { sql } from 'drizzle-orm';
import { ingestHistory } from '#db/schema/index.ts';
import { configFor } from '#lib/server/config.ts';
import { MAX_USD, outOfBounds } from '#lib/server/catalogue/bounds.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import { DAY_MS, isoDay, shiftDay } from '#lib/shared/utc-day.ts';
import { HISTORY_DAYS } from '#lib/server/catalogue/aggregators.ts';
import { isChainKey } from './defillama-protocol.ts';
import { endpointLabel, requestJson } from './http.ts';
import type { Source, SourceContext } from './types.ts';

const CHUNK = 400;

export interface HistoryPoint {
  date: string;
  value: number;
}

/** Unix seconds (number or digit string) to the day it closes, or null when it is not a 00:00 UTC stamp. */
function closeOf(stamp: unknown): string | null {
  const s = typeof stamp === 'number' ? stamp : typeof stamp === 'string' && /^\d+$/.test(stamp) ? Number(stamp) : NaN;
  if (!Number.isFinite(s) || s % 86_400 !== 0) return null;
  return isoDay(s * 1000 - DAY_MS);
}

/** A sum of per-peg dollar amounts (`{ peggedUSD: 1, peggedEUR: 2 }`), or null when it has none. */
function peggedSum(m: unknown): number | null {
  if (!m || typeof m !== 'object' || Array.isArray(m)) return null;
  const values = Object.values(m).filter((v): v is number => typeof v === 'number');
  return values.length ? values.reduce((a, b) => a + b, 0) : null;
}

/**
 * The days of a `/stablecoincharts/...` answer within [from, to], oldest first. Throws when the
 * answer is not an array of rows with a date and a `totalCirculatingUSD`.
 */
function stablecoinChart(body: unknown, from: string, to: string): HistoryPoint[] {
  if (!Array.isArray(body)) throw new Error('the answer is not an array: refused');
  const out: HistoryPoint[] = [];
  for (const r of body as Array<Record<string, unknown>>) {
    const value = peggedSum(r?.totalCirculatingUSD);
    if (value === null) throw new Error(`a row has no totalCirculatingUSD (fields: ${Object.keys(r ?? {}).join(', ')}): refused`);
    const date = closeOf(r.date);
    if (date && date >= from && date <= to && !outOfBounds(value, MAX_USD)) out.push({ date, value });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** Per DefiLlama chain, the days of a `/protocol/{slug}` answer within [from, to] (chains in `only`, if given). */
function protocolHistory(body: unknown, from: string, to: string, only?: readonly string[]): Map<string, HistoryPoint[]> {
  const history = (body as { chainTvls?: unknown } | null)?.chainTvls;
  if (!history || typeof history !== 'object' || Array.isArray(history)) throw new Error('the answer has no chainTvls: refused');
  const out = new Map<string, HistoryPoint[]>();
  for (const [chain, h] of Object.entries(history as Record<string, unknown>)) {
    if (!isChainKey(chain) || (only && !only.includes(chain))) continue;
    const rows = (h as { tvl?: unknown } | null)?.tvl;
    if (!Array.isArray(rows)) continue;
    const points: HistoryPoint[] = [];
    for (const r of rows as Array<Record<string, unknown>>) {
      const date = closeOf(r?.date);
      const usd = r?.totalLiquidityUSD;
      if (date && date >= from && date <= to && typeof usd === 'number' && !outOfBounds(usd, MAX_USD)) points.push({ date, value: usd });
    }
    out.set(chain, points);
  }
  return out;
}

/** Every registry asset naming a DefiLlama protocol. */
const protocolAssets = (registry: Registry) => registry.assets.filter((a) => a.defillamaProtocol !== undefined);

async function store(ctx: SourceContext, series: string, key: string, url: string, points: HistoryPoint[]): Promise<number> {
  if (ctx.dryRun || points.length === 0) return points.length;
  const fetchedAt = new Date().toISOString();
  const rows = points.map((p) => ({ series, key, date: p.date, value: p.value, apiUrl: url, fetchedAt }));
  for (let i = 0; i < rows.length; i += CHUNK)
    await ctx.db
      .insert(ingestHistory)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [ingestHistory.series, ingestHistory.key, ingestHistory.date],
        set: { value: sql`excluded.value`, apiUrl: sql`excluded.api_url`, fetchedAt: sql`excluded.fetched_at` },
      });
  return points.length;
}

/** Runs already read in this process: a backfill of many days asks the history APIs once. */
const readFor = new Set<number>();

export const defillamaHistorySource: Source = {
  name: 'defillama-history',
  // The registries that read DefiLlama at all (their URLs are configured): the stablecoin charts and the mapped protocols.
  applies: (registry) => registry.assets.some((a) => a.source === 'defillama' || a.defillamaProtocol !== undefined),
  async run(ctx) {
    const counts = { requests: 0, historyPoints: 0, failedHistories: 0 };
    if (ctx.runId && readFor.has(ctx.runId)) return counts;
    if (ctx.runId) readFor.add(ctx.runId);
    const cfg = configFor(ctx.env).ingest;
    const to = ctx.date;
    const from = shiftDay(to, -HISTORY_DAYS);
    // Asked at the configured URL, shown, logged and stored only as its label (the one rule: public-url.ts).
    const get = async (base: string, path: string, read: (body: unknown, shown: string) => Promise<number>) => {
      counts.requests++;
      const shown = endpointLabel(base, path);
      try {
        const a = await requestJson(base + path, {
          timeoutMs: cfg.rpcTimeoutMs,
          backoffMs: cfg.backoffMs,
          onRetry: ctx.warn,
          label: shown,
        });
        if (a.status !== 200) throw new Error(`status ${a.status}`);
        counts.historyPoints += await read(a.json, shown);
      } catch (e) {
        counts.failedHistories++;
        ctx.warn(
          `defillama-history: ${shown}: ${String((e as Error).message)
            .split('\n')[0]
            .slice(0, 300)}`,
        );
      }
    };
    const stable = cfg.defillamaUrl;
    await get(stable, '/stablecoincharts/all', (b, shown) => store(ctx, 'stablecoins', 'all', shown, stablecoinChart(b, from, to)));
    for (const [key, chain] of Object.entries(ctx.registry.chains))
      await get(stable, `/stablecoincharts/${encodeURIComponent(chain.defillama ?? chain.name)}`, (b, shown) =>
        store(ctx, 'stablecoins', key, shown, stablecoinChart(b, from, to)),
      );
    const chainKey = new Map(Object.entries(ctx.registry.chains).map(([key, c]) => [c.defillama ?? c.name, key]));
    for (const asset of protocolAssets(ctx.registry)) {
      const p = asset.defillamaProtocol!;
      await get(cfg.defillamaTvlUrl, `/protocol/${p.slug}`, async (b, shown) => {
        let n = 0;
        for (const [chain, points] of protocolHistory(b, from, to, p.chains))
          n += await store(ctx, 'protocol', `${asset.symbol}|${chainKey.get(chain) ?? chain}`, shown, points);
        return n;
      });
    }
    ctx.progress(`defillama-history: ${counts.historyPoints} daily points from ${counts.requests} answers`);
    return counts;
  },
};
