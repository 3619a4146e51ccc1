/** Every source, in the order a run reads them. A new source: one file, one line here. */
import { withFamilies } from '#lib/server/ingest/registry.ts';
import { aptosSource } from './aptos.ts';
import { defillamaHistorySource } from './defillama-history.ts';
import { defillamaProtocolSource } from './defillama-protocol.ts';
import { defillamaSource } from './defillama.ts';
import { evmSource } from './evm/source.ts';
import { solanaSource } from './solana.ts';
import { stellarSource } from './stellar.ts';
import type { Source } from './types.ts';
import { xrplSource } from './xrpl.ts';

/**
 * The EVM reader sees only deployments on EVM chains: a registry that also lists Solana, Stellar,
 * Aptos or XRPL deployments is read by those families' readers, never sent to eth_call.
 */
const evmOnly = (s: Source): Source => ({
  ...s,
  applies: (registry) => s.applies(withFamilies(registry, ['evm'])),
  run: (ctx) => s.run({ ...ctx, registry: withFamilies(ctx.registry, ['evm']) }),
});

// The run reads the sources that set the day's prices first (readOrder), whatever their place here.
export const SOURCES: Source[] = [
  evmOnly(evmSource),
  solanaSource,
  stellarSource,
  aptosSource,
  xrplSource,
  defillamaSource,
  defillamaProtocolSource,
  // Last: the history APIs never hold the day's figures back (a failure is a warning).
  defillamaHistorySource,
];

/** The order a run reads its sources in: those that set the day's prices first, the rest as listed. */
export const readOrder = (sources: Source[]): Source[] => [...sources.filter((s) => s.setsPrices), ...sources.filter((s) => !s.setsPrices)];
