/**
 * Every source, in the order a run reads them. A chain family's reader registers here against the
 * family's id (its declaration is in catalogue/families/): one line a family; the aggregators
 * (DefiLlama) follow. A test fails when a declared family has no reader or a reader no family.
 */
import { familyById } from '#lib/server/catalogue/families.ts';
import { withFamilies } from '#lib/server/catalogue/registry.ts';
import { aptosSource } from './aptos.ts';
import { defillamaHistorySource } from './defillama-history.ts';
import { defillamaProtocolSource } from './defillama-protocol.ts';
import { defillamaSource } from './defillama.ts';
import { EVM_SOURCE } from './evm/declaration.ts';
import { solanaSource } from './solana.ts';
import { stellarSource } from './stellar.ts';
import type { Source } from './types.ts';
import { xrplSource } from './xrpl.ts';

/**
 * The EVM reader (viem and its some 420 modules, about 0.45 s of CPU to load) is loaded when a run
 * reads an EVM chain: a run that reads DefiLlama alone never loads it.
 */
const evmSource: Source = {
  ...EVM_SOURCE,
  run: async (ctx) => (await import('./evm/source.ts')).evmSource.run(ctx),
};

/**
 * The EVM reader sees only deployments on EVM chains: a registry that also lists Solana, Stellar,
 * Aptos or XRPL deployments is read by those families' readers, never sent to eth_call.
 */
const evmOnly = (s: Source): Source => ({
  ...s,
  applies: (registry) => s.applies(withFamilies(registry, ['evm'])),
  run: (ctx) => s.run({ ...ctx, registry: withFamilies(ctx.registry, ['evm']) }),
});

const readers = new Map<string, Source>();

/** A chain family's reader, named by the family's id: refused for a family not declared, or one read already. */
export function registerReader(family: string, source: Source): void {
  if (!familyById(family)) throw new Error(`A reader for "${family}", which no chain family declares (catalogue/families.ts)`);
  if (readers.has(family)) throw new Error(`The chain family "${family}" has a reader already`);
  if (source.name !== family) throw new Error(`The reader of "${family}" is named "${source.name}": a family's reader is named by its id`);
  readers.set(family, source);
}

registerReader('evm', evmOnly(evmSource));
registerReader('solana', solanaSource);
registerReader('stellar', stellarSource);
registerReader('aptos', aptosSource);
registerReader('xrpl', xrplSource);

/** The readers registered, by family id. */
export const familyReaders = (): ReadonlyMap<string, Source> => readers;

/** The aggregators, after the chains' readers; last, the history APIs, which never hold the day's figures back (a failure is a warning). */
const AGGREGATORS: Source[] = [defillamaSource, defillamaProtocolSource, defillamaHistorySource];

// The run reads the sources that set the day's prices first (readOrder), whatever their place here.
export const allSources = (): Source[] => [...readers.values(), ...AGGREGATORS];

/** The order a run reads its sources in: those that set the day's prices first, the rest as listed. */
export const readOrder = (sources: Source[]): Source[] => [...sources.filter((s) => s.setsPrices), ...sources.filter((s) => !s.setsPrices)];
