/** Small reads and helpers shared by the open-data page loaders. */
import type { Registry, RegistryAsset } from '#lib/server/ingest/registry.ts';
import { familyOf } from '#lib/server/ingest/registry.ts';

/** as-of date and published run from dataset_meta rows (read in the caller's batch). */
export function metaFacts(rows: { key: string; value: unknown }[]): { asOf: string; publishedRun?: number } {
  const get = (k: string) => rows.find((r) => r.key === k)?.value;
  const asOf = get('asOf');
  const run = get('publishedRun');
  return {
    asOf: typeof asOf === 'string' ? asOf : new Date().toISOString().slice(0, 10),
    publishedRun: run === undefined ? undefined : Number(run),
  };
}

/** An explorer link for a token, address, block or transaction, when the chain names an explorer. */
export function explorerLink(registry: Registry | undefined, chain: string, kind: 'token' | 'address' | 'block' | 'tx', id: string) {
  if (!registry || !Object.hasOwn(registry.chains, chain)) return undefined;
  const base = registry.chains[chain].explorer;
  if (!base) return undefined;
  // Only plain ids go into a URL path (an EVM hex address, a Solana base58 key, a number).
  if (!/^[A-Za-z0-9]{1,100}$/.test(id)) return undefined;
  return `${base.replace(/\/+$/, '')}/${kind}/${id}`;
}

/** How a family counts supply once (the bridge model: excluded escrow wallets are not circulating). */
export function supplyMethod(registry: Registry | undefined, chain: string): string {
  return {
    evm: 'totalSupply() minus the excluded wallets',
    solana: 'getTokenSupply minus the excluded token accounts (finalized)',
    stellar: 'Horizon asset record (balances, claimable, pools, contracts) minus the excluded accounts',
    aptos: 'fungible-asset/coin supply minus the excluded balances, at one ledger version',
    xrpl: 'gateway_balances obligations, excluded wallets as hot wallets',
  }[registry ? familyOf(registry, chain) : 'evm'];
}

export function priceMethod(asset: RegistryAsset | undefined): string | null {
  if (!asset) return null;
  const p = asset.price;
  if (p.kind === 'fixed') return `Fixed NAV of $${p.usd} per token (registry)`;
  if (p.kind === 'feed') return `Price feed latestRoundData() at ${p.address} on ${p.chain}`;
  if (p.kind === 'call') return `${p.method}() at ${p.address} on ${p.chain} (${p.decimals} decimals)`;
  if (p.kind === 'vault') return `NAV: totalAssets() / totalSupply() of the vault at ${p.address} on ${p.chain}`;
  if (p.kind === 'centrifuge') return `NAV: pricePerShare() of the vault of ${p.address} on ${p.chain}`;
  return `No price source yet${p.note ? ` (${p.note})` : ''}: the supply is recorded, the value is unknown`;
}

export const pctChange = (now: number | null, then: number | null | undefined) =>
  now === null || !then ? null : Number((((now - then) / then) * 100).toFixed(2));
