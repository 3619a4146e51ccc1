/**
 * An asset's receipts, for /assets/{id}/receipt and /api/assets/{id}/receipt: for each
 * chain's figure the page shows (the latest counted observation per chain, by the one precedence
 * rule), what it was read from. An EVM read shows its block, contract, calls with their raw and
 * decoded answers, the excluded wallets, the price and the sum, and the `curl` that repeats it; a
 * DefiLlama or non-EVM read what is known of it and what is not kept (api-receipt.ts); a figure
 * without a kept read says so.
 */
import type { z } from 'zod';
import { getDb } from '#lib/server/db/client.ts';
import { siteRegistry } from '#lib/server/figures/sources-data.ts';
import type { Observation } from '#lib/server/figures/observations.ts';
import { isAggregator } from '#lib/server/figures/precedence.ts';
import { observationsOfQuery, publishedCellsRead } from '#lib/server/figures/read-model.ts';
import { readOne } from '#lib/server/db/reads.ts';
import { registryChainName } from './catalog.ts';
import { explorerLink, loadCatalogAndFacts } from './shared.ts';
import { exactAmount as tokens, reproduceCommand, type EvmReceipt } from '#lib/shared/receipts.ts';
// Dollars by the spec's currency rule, as every page writes them; token amounts stay exact (the read's own digits).
import { formatCurrency as dollars } from '#lib/shared/format.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import { withMoney, type WithNumbers } from '#lib/shared/money.ts';
import type { assetReceiptSchema } from '#lib/shared/schemas/receipts.ts';
import { familyOf } from '#lib/server/catalogue/registry.ts';
import { apiReceipt } from './api-receipt.ts';
import { receiptsOf } from '#lib/server/figures/receipts.ts';

type AssetReceiptAnswer = z.output<typeof assetReceiptSchema>;
/**
 * One chain's figure and what it was read from: its answer, with the price and value in dollars.
 * `anchor` is its place on the receipt page (the asset page links to it); an EVM read kept by the
 * ingest comes with the command that repeats it.
 */
export type ReceiptFigure = Omit<WithNumbers<AssetReceiptAnswer['figures'][number], 'price' | 'value'>, 'evm'> & {
  evm: (EvmReceipt & { blockUrl?: string; rpc: string; command: string; sum: string }) | null;
};

/** The asset's receipt: its answer, with its money in dollars (the market cap is the as-of day's figures summed). */
export type AssetReceipt = Omit<AssetReceiptAnswer, 'marketCap' | 'figures'> & {
  marketCap: WithNumbers<NonNullable<AssetReceiptAnswer['marketCap']>, 'value'> | null;
  figures: ReceiptFigure[];
};

/** Why an asset has no receipt yet: the receipt page and the asset page say it in the same words. */
export const noReceiptWhy = (live: boolean): string =>
  live
    ? 'No published read of this asset yet: a receipt appears with its first published figure.'
    : 'The site shows the dated snapshot, compiled from public reporting: no figure was read from a chain, so there is no receipt yet.';

/** The sum that made the figure, in words and numbers. */
export function sumText(r: EvmReceipt): string {
  const excluded = r.excluded.length
    ? ` − ${r.excluded.map((e) => tokens(e.balance)).join(' − ')} excluded = ${tokens(r.supply)}`
    : ' (no wallet excluded)';
  const priced = r.price.value === null || r.value === null ? '; no price, no value' : ` × ${dollars(r.price.value)} = ${dollars(r.value)}`;
  return `totalSupply ${tokens(r.totalSupply)}${excluded}${priced}`;
}

/** The endpoint the command names: the chain's first public RPC, else the variable the operator sets. */
function rpcOf(registry: Registry | undefined, chain: string): string {
  const c = registry && Object.hasOwn(registry.chains, chain) ? registry.chains[chain] : undefined;
  return c?.publicRpc[0]?.url ?? `$${c?.rpcEnv ?? 'RPC_URL'}`;
}

/** One figure's receipt from its observation and its kept read (pure). */
function figureReceipt(o: Observation, kept: EvmReceipt | undefined, registry: Registry | undefined): ReceiptFigure {
  const base = {
    anchor: `chain-${o.chain}`,
    chain: o.chain,
    chainName: registryChainName(o.chain),
    date: o.date,
    source: o.source,
    runId: o.runId,
    supply: o.supply,
    price: o.price,
    value: o.value,
  };
  if (kept) {
    const rpc = rpcOf(registry, o.chain);
    const calls = [...kept.calls, ...kept.price.calls];
    return {
      ...base,
      evm: {
        ...kept,
        blockUrl: explorerLink(registry, o.chain, 'block', String(kept.block.number)),
        rpc,
        command: reproduceCommand(calls, kept.block.number, rpc),
        sum: sumText(kept),
      },
      api: null,
    };
  }
  const deployment = registry?.assets.find((a) => a.symbol === o.assetSymbol)?.deployments.find((d) => d.chain === o.chain);
  const api = apiReceipt(o, {
    family: registry ? familyOf(registry, o.chain) : null,
    endpoint: rpcOf(registry, o.chain),
    excluded: deployment?.excludeHolders ?? [],
  });
  if (api) return { ...base, evm: null, api };
  return {
    ...base,
    evm: null,
    api: null,
    unknown: isAggregator(o.source)
      ? 'the source gave no URL for this read'
      : `this read (${o.source}${o.blockNumber !== null ? `, block ${o.blockNumber}` : ''}) was made before receipts were kept, or by a reader that keeps no raw answer yet`,
  };
}

/** The receipts of the asset with this id, or undefined for an unknown id. */
export async function loadAssetReceipt(id: string): Promise<AssetReceipt | undefined> {
  const { asOf, publishedRun, catalog } = await loadCatalogAndFacts();
  const entry = catalog.byId.get(id);
  if (!entry) return undefined;
  const { registry } = siteRegistry();
  const live = publishedRun !== undefined;
  const symbol = entry.registry?.symbol ?? entry.symbol;
  const asset = { id: entry.id, symbol: entry.symbol, name: entry.name, url: entry.url };
  // Each chain's newest published figure, as the asset page shows it, and the stored read it was published from.
  const cells = live ? await readOne(publishedCellsRead({ asset: symbol, latest: true })) : [];
  const rows: Observation[] = cells.length ? await observationsOfQuery(cells) : [];
  const picked = rows.sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const keptOf = await receiptsOf(getDb(), picked);
  const figures = picked.map((o) => figureReceipt(o, keptOf(o), registry));
  const lastDay = picked
    .map((o) => o.date)
    .sort()
    .at(-1);
  const ofDay = figures.filter((f) => f.date === lastDay);
  const marketCap = lastDay
    ? {
        date: lastDay,
        value: ofDay.some((f) => f.value === null) ? null : ofDay.reduce((s, f) => s + f.value!, 0),
        sum: ofDay.map((f) => `${f.chainName} ${f.value === null ? 'unknown' : dollars(f.value)}`).join(' + '),
      }
    : null;
  return {
    asset,
    asOf,
    live,
    publishedRun: publishedRun ?? null,
    marketCap,
    figures,
    note: figures.length ? null : noReceiptWhy(live),
  };
}

/** The receipt as the API gives it: money as decimal strings (src/lib/shared/money.ts). */
export const receiptForApi = (r: AssetReceipt) => ({
  ...r,
  marketCap: r.marketCap && withMoney(r.marketCap, ['value']),
  figures: r.figures.map((f) => ({
    ...withMoney(f, ['price', 'value']),
    evm: f.evm && { ...withMoney(f.evm, ['value']), price: withMoney(f.evm.price, ['value']) },
  })),
});
