/**
 * The holder concentration an asset page, its API and its downloads show: the stored
 * daily figures (ingest/concentration.ts) that a published run accepted, the newest run per day
 * and chain, up to the published as-of date.
 */
import type { z } from 'zod';
import { and, asc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { concentrationSchema } from '#lib/shared/schemas/asset-checks.ts';
import { holderConcentration, ingestObservations } from '#db/schema/index.ts';
import { getDb } from '#lib/server/db/client.ts';
import { CONCENTRATION_METHOD } from '#lib/shared/holder-concentration.ts';
import { ALL_CHAINS } from '#lib/server/catalogue/rules.ts';

/** The answer's figures (the asset's id and as-of date are the page's): the method, the newest day per scope and every day. */
export type AssetConcentration = Omit<z.output<typeof concentrationSchema>, 'id' | 'asOf'>;
/** One day of one scope: a registry chain key, or `all` for the asset across its chains. */
export type ConcentrationPoint = AssetConcentration['history'][number];

/**
 * Stored rows of one asset up to `asOf` that a published run accepted: a chain's row when that
 * run's EVM observation of the asset on the chain was accepted; the `all` row when every EVM
 * observation of the asset in that run and day was.
 */
export function concentrationQuery(assetSymbol: string, asOf: string | SQL<string>) {
  const c = holderConcentration;
  const o = ingestObservations;
  const same = sql`${o.runId} = ${c.runId} and ${o.date} = ${c.date} and ${o.assetSymbol} = ${c.assetSymbol} and ${o.source} = 'evm'`;
  const accepted = sql`exists (select 1 from ${o} where ${same} and ${o.accepted} = 1 and (${c.chain} = ${ALL_CHAINS} or ${o.chain} = ${c.chain}))`;
  const noneRefused = sql`(${c.chain} <> ${ALL_CHAINS} or not exists (select 1 from ${o} where ${same} and ${o.accepted} = 0))`;
  return getDb()
    .select()
    .from(c)
    .where(and(eq(c.assetSymbol, assetSymbol), lte(c.date, asOf), accepted, noneRefused))
    .orderBy(asc(c.date), asc(c.runId));
}

export type ConcentrationRow = typeof holderConcentration.$inferSelect;

/** The served figures from the stored rows (the newest run per day and scope); `live` false: the snapshot has none. */
export function concentrationFrom(rows: ConcentrationRow[], live: boolean, onChain: boolean): AssetConcentration {
  const byKey = new Map<string, ConcentrationRow>();
  for (const r of rows) {
    const key = `${r.date}|${r.chain}`;
    const prev = byKey.get(key);
    if (!prev || r.runId > prev.runId) byKey.set(key, r);
  }
  const order = (a: ConcentrationPoint, b: ConcentrationPoint) =>
    a.date.localeCompare(b.date) || (a.chain === ALL_CHAINS ? -1 : b.chain === ALL_CHAINS ? 1 : a.chain.localeCompare(b.chain));
  const history = [...byKey.values()]
    .map((r) => ({
      date: r.date,
      chain: r.chain,
      blockNumber: r.blockNumber,
      holders: r.holders,
      top10Share: r.top10Share,
      hhi: r.hhi,
      gini: r.gini,
    }))
    .sort(order);
  const newest = new Map<string, ConcentrationPoint>();
  for (const p of history) newest.set(p.chain, p);
  return {
    method: CONCENTRATION_METHOD,
    latest: [...newest.values()].sort((a, b) => order({ ...a, date: '' }, { ...b, date: '' })),
    history,
    unknown: history.length
      ? null
      : !onChain
        ? 'holders are indexed from EVM Transfer logs only; this asset is read from another ledger or an API without balances'
        : !live
          ? 'the snapshot holds no balances; concentration starts with the first published ingest run'
          : 'no day with every holder indexed yet (the Transfer history is still being read, or the balances did not add up)',
  };
}

/** The concentration as the API answers it (JSON), and its rows as the CSV download gives them. */
export const concentrationForApi = (id: string, asOf: string, c: AssetConcentration) => ({ id, asOf, ...c });
export const CONCENTRATION_COLUMNS = ['date', 'chain', 'blockNumber', 'holders', 'top10Share', 'hhi', 'gini'] as const;
