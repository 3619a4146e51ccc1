/**
 * The EVM chains a registry needs and their deployments, and opening a chain: connected, checked to
 * be the chain the registry names (its chain id), and a failure that names the chain and its
 * variable, never the URL.
 */
import { chainEndpoints, hostsOf } from '#lib/server/ingest/endpoints.ts';
import { ChainError, isMissingState, unreachableCode, withRetry, type ChainClient } from '#lib/server/ingest/rpc.ts';
import { connect } from './connect.ts';
import type { Registry, RegistryAsset } from '#lib/server/catalogue/registry.ts';

/** One deployment of an on-chain asset on an EVM chain. */
export interface EvmDeployment {
  asset: RegistryAsset;
  address: `0x${string}`;
  startBlock?: number;
}

/** The EVM chains a registry needs for its on-chain assets (deployments and price contracts). */
export function evmChains(registry: Registry): string[] {
  const keys = new Set<string>();
  for (const a of registry.assets) {
    if (a.source !== 'evm') continue;
    for (const d of a.deployments) keys.add(d.chain);
    if ('chain' in a.price) keys.add(a.price.chain);
  }
  return [...keys].sort();
}

/** Per chain, its deployments of on-chain assets. */
export function deploymentsByChain(registry: Registry): Map<string, EvmDeployment[]> {
  const out = new Map<string, EvmDeployment[]>();
  for (const asset of registry.assets.filter((a) => a.source === 'evm'))
    for (const d of asset.deployments)
      (out.get(d.chain) ?? out.set(d.chain, []).get(d.chain)!).push({ asset, address: d.address, startBlock: d.startBlock });
  return out;
}

/** The chain could not be reached: the error names the chain and its variable, never the URL. */
export function unreachable(registry: Registry, key: string, env: NodeJS.ProcessEnv, e: unknown): ChainError {
  const chain = registry.chains[key];
  let where = `the URL (${chain.rpcEnv})`;
  try {
    const { urls, origin } = chainEndpoints(env, chain);
    where = `${hostsOf(urls)} (${origin})`;
  } catch {
    // keep the generic word: the URL is never echoed
  }
  // The code says which kind of unreachable (ENOTFOUND, ECONNREFUSED): the run tells "offline" by it (offline.ts).
  const code = unreachableCode(e);
  return new ChainError(
    key,
    `Chain "${key}" (${chain.name}) is unreachable at ${where}: ${(e as Error).message.split('\n')[0]}${code ? ` (${code})` : ''}`,
  );
}

/** The node answers for another chain than the registry names: it is not read. */
export function checkChainId(registry: Registry, key: string, id: number): void {
  const chain = registry.chains[key];
  if (id !== chain.chainId)
    throw new ChainError(
      key,
      `Chain "${key}" (${chain.name}): ${chain.rpcEnv} answers with chain id ${id}, the registry expects ${chain.chainId}.`,
    );
}

/** Connects to a chain and checks it is the chain the registry names: a failure names it. */
export async function connectChain(
  registry: Registry,
  key: string,
  env: NodeJS.ProcessEnv,
  warn: (m: string) => void,
): Promise<ChainClient> {
  const c = connect(key, registry.chains[key], env);
  let id: number;
  try {
    id = await withRetry(`${key} chain id`, () => c.client.getChainId(), warn);
  } catch (e) {
    throw unreachable(registry, key, env, e);
  }
  checkChainId(registry, key, id);
  return c;
}

/** A chain error with the archive-state case explained (a past day's close needs an archive node). */
export function explain(key: string, name: string, block: bigint, e: unknown): Error {
  if (e instanceof ChainError) return e;
  if (isMissingState(e))
    return new ChainError(
      key,
      `Chain "${key}" (${name}): the node has no state at block ${block} ("missing trie node"): reading a past day's close needs an archive node; point the chain's RPC URL at a provider with archive access.`,
    );
  return new ChainError(key, `Chain "${key}" (${name}): ${(e as Error).message.split('\n')[0]}`);
}
