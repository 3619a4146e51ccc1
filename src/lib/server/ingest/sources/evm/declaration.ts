/**
 * What the run knows of the EVM source before it reads: its name, that it sets the day's prices
 * and reads at a chain's head, and whether the registry has anything for it. Apart from its reader
 * (source.ts), which loads viem: sources/index.ts loads that only when a run reads an EVM chain.
 */
import type { Source } from '../types.ts';

export const EVM_SOURCE = {
  name: 'evm',
  setsPrices: true,
  readsAtHead: true,
  applies: (registry) => registry.assets.some((a) => a.source === 'evm'),
} satisfies Omit<Source, 'run'>;
