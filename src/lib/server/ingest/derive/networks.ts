/** The networks table (value, share, asset count, 30-day change per chain) from the grid. Pure. */
import type { GridOf } from './grid.ts';
import { pct, round } from './numbers.ts';

/** Network icons shipped in public/icons/networks. */
const ICONS = new Set([
  'aptos',
  'arbitrum',
  'avalanche',
  'base',
  'bnb-chain',
  'celo',
  'ethereum',
  'mantra',
  'plume',
  'polygon',
  'provenance',
  'sei',
  'solana',
  'stellar',
  'tron',
  'xdc',
  'zksync-era',
]);
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const iconFor = (name: string) => (ICONS.has(slug(name)) ? `/icons/networks/${slug(name)}.svg` : '');

export function buildNetworks(g: GridOf, asOf: string, before30: string | undefined, total: number, chainName: (k: string) => string) {
  return [...(g.rwa.get(asOf)?.entries() ?? [])]
    .filter(([, c]) => c.value > 0)
    .map(([chain, c]) => {
      const then = before30 ? g.rwa.get(before30)?.get(chain)?.value : undefined;
      return {
        id: chain,
        name: chainName(chain),
        iconUrl: iconFor(chainName(chain)),
        rwaCount: c.assets.size,
        totalValue: round(c.value),
        marketShare: total > 0 ? round((c.value / total) * 100) : 0,
        change30d: pct(c.value, then),
      };
    });
}
