/**
 * Holders counted once: unique addresses per asset across its chains, above a dust
 * threshold, issuer and escrow wallets left out; and the balance check (rwa.xyz's rule) that the
 * indexed balances add up to the total supply, without which a deployment is not published.
 */
import { excludedWallets, type RegistryAsset } from '#lib/server/catalogue/registry.ts';
import { ZERO } from './sources/evm/logs.ts';

/** Why the indexed balances cannot be trusted at this block, or null when they add up to `totalSupply`. */
export function balanceProblem(balances: Map<string, bigint>, totalSupply: bigint): string | null {
  let sum = 0n;
  for (const [holder, b] of balances) {
    if (b < 0n) return `the index gives ${holder} a negative balance (${b}): a Transfer log moved tokens it did not have`;
    if (holder !== ZERO) sum += b;
  }
  if (sum !== totalSupply) return `indexed balances add up to ${sum}, totalSupply() is ${totalSupply}`;
  return null;
}

/** The holders' balances: more than `dust` (raw units), the excluded wallets and the zero address left out. */
function holdings(balances: Map<string, bigint>, excluded: Set<string>, dust: bigint): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const [holder, b] of balances) if (b > dust && holder !== ZERO && !excluded.has(holder)) out.set(holder, b);
  return out;
}

/** Addresses holding more than `dust` (raw units), the excluded wallets and the zero address left out. */
export function holderSet(balances: Map<string, bigint>, excluded: Set<string>, dust: bigint): Set<string> {
  return new Set(holdings(balances, excluded, dust).keys());
}

/** "0.01" whole tokens as raw units of a token with `decimals` decimals. */
export function dustUnits(dust: string, decimals: number): bigint {
  const [whole, frac = ''] = dust.split('.');
  return BigInt(whole + frac.padEnd(decimals, '0').slice(0, decimals));
}

/**
 * A deployment's holders from its indexed balances at the block its supply was read at: the
 * holdings that count (the holder count is their size, the concentration their spread), or why the
 * balances cannot be trusted. One reading of the balances serves both figures.
 */
export function countedHoldings(
  balances: Map<string, bigint>,
  asset: RegistryAsset,
  chain: string,
  state: { totalSupply: bigint; decimals: number },
): { holdings: Map<string, bigint> } | { problem: string } {
  const problem = balanceProblem(balances, state.totalSupply);
  if (problem) return { problem };
  return { holdings: holdings(balances, excludedWallets(asset, chain), dustUnits(asset.holderDust, state.decimals)) };
}
