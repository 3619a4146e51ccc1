/** The networks table (value, share, asset count, 30-day change per chain) from the grid. Pure. */
import { families, familyIcon } from '#lib/server/catalogue/families.ts';
import type { GridOf } from './grid.ts';
import { round } from './numbers.ts';
import { changeOver, seriesOf } from '#lib/shared/change.ts';

/** The EVM networks' icons shipped in public/icons/networks (the other families declare theirs). */
const EVM_NETWORK_ICONS = [
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
  'tron',
  'xdc',
  'zksync-era',
];
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A network's icon: the one shipped under its name (an EVM network's, or a family's own network
 * named as an aggregator names it), else the icon its chain family declares, else none.
 */
export function iconFor(name: string, family: string): string {
  const byName = `/icons/networks/${slug(name)}.svg`;
  if (EVM_NETWORK_ICONS.includes(slug(name)) || families().some((f) => f.icon === byName)) return byName;
  return familyIcon(family) ?? '';
}

export function buildNetworks(
  g: GridOf,
  asOf: string,
  total: number,
  chainName: (k: string) => string,
  chainFamily: (k: string) => string = () => 'evm',
) {
  return [...(g.rwa.get(asOf)?.entries() ?? [])]
    .filter(([, c]) => c.value > 0)
    .map(([chain, c]) => {
      return {
        id: chain,
        name: chainName(chain),
        iconUrl: iconFor(chainName(chain), chainFamily(chain)),
        rwaCount: c.assets.size,
        totalValue: round(c.value),
        marketShare: total > 0 ? round((c.value / total) * 100) : 0,
        change30d: changeOver(
          seriesOf(g.rwa.keys(), (d) => g.rwa.get(d)?.get(chain)?.value),
          asOf,
          30,
        ).value,
      };
    });
}
