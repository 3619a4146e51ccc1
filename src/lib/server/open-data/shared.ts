/** Small reads and helpers shared by the open-data page loaders. */
import type { Registry, RegistryAsset } from '#lib/server/catalogue/registry.ts';
import { priceMethodOf, supplyMethodOf } from '#lib/server/catalogue/methods.ts';
import { readAll } from '#lib/server/db/reads.ts';
import { servedFactsRead } from '#lib/server/figures/run-state.ts';
import { catalogRead } from './catalog.ts';

/** The as-of date, the published run and the catalog, in one round trip (the dataset facts by figures' one read of them). */
export async function loadCatalogAndFacts() {
  const [facts, catalog] = await readAll([servedFactsRead(), catalogRead()]);
  return { ...facts, catalog };
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

/** How a deployment's supply is read (the statements of method live in the catalogue). */
export function supplyMethod(registry: Registry | undefined, chain: string): string {
  return supplyMethodOf(registry, undefined, chain);
}

export function priceMethod(asset: RegistryAsset | undefined): string | null {
  return asset ? priceMethodOf(asset.price) : null;
}
