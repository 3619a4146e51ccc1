/**
 * One viem client per chain (rpc.ts retries around it): apart from rpc.ts so that only the EVM
 * reader loads viem (some 420 modules, about 0.45 s of CPU), not a run that reads DefiLlama alone.
 */
import { createPublicClient, fallback, http } from 'viem';
import { ConfigError, configFor } from '#lib/server/config.ts';
import type { RegistryChain } from '#lib/server/catalogue/registry.ts';
import { chainEndpoints } from '#lib/server/ingest/endpoints.ts';
import { cappedFetch } from '#lib/server/ingest/body.ts';
import { withinTimeout } from '#lib/server/ingest/budget.ts';
import { ChainError, type ChainClient } from '#lib/server/ingest/rpc.ts';

/**
 * `batch`: calls made together (in one tick) go in one HTTP request as a JSON-RPC batch: the head
 * read sends the chain id and the head block in one request. Off by default, as some public
 * endpoints refuse batches.
 */
export function connect(key: string, chain: RegistryChain, env: NodeJS.ProcessEnv, opts: { batch?: boolean } = {}): ChainClient {
  let urls: string[];
  try {
    urls = chainEndpoints(env, chain).urls;
  } catch (e) {
    // A malformed URL fails the run like a missing one: on this chain, with the variable named.
    if (e instanceof ConfigError) throw new ChainError(key, `Chain "${key}" (${chain.name}): ${e.message}`);
    throw e;
  }
  if (!urls.length)
    throw new ChainError(key, `No RPC URL for chain "${key}" (${chain.name}): set ${chain.rpcEnv} or list publicRpc in the registry.`);
  let count = 0;
  const transports = urls.map((url) =>
    http(url, {
      batch: opts.batch ? { wait: 0 } : false,
      retryCount: 0,
      timeout: withinTimeout(configFor(env).ingest.rpcTimeoutMs),
      onFetchRequest: () => void count++,
      // Every answer is size-capped while it streams in.
      fetchFn: cappedFetch(),
    }),
  );
  // Several public endpoints: viem's fallback asks the next when one fails (an unreachable host, a
  // refusal), once each; the retries with backoff stay in withRetry, around the whole fallback.
  const transport = transports.length === 1 ? transports[0] : fallback(transports, { retryCount: 0 });
  const client = createPublicClient({ transport });
  return { key, chain, client: client, calls: () => count };
}
