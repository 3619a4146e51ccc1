/**
 * Where a chain is read from: the operator's own URL when the chain's rpcEnv variable
 * (RPC_URL_<CHAIN>) is set, else the registry's keyless public endpoints, in order, each tried when
 * the one before fails. One rule, used by the EVM client (viem's fallback transport) and by the
 * readers of the other chain families.
 */
import { configFor, rpcUrl } from '#lib/server/config.ts';
import { publicUrl } from '#lib/server/http/public-url.ts';
import type { RegistryChain } from '#lib/server/catalogue/registry.ts';

export interface ChainEndpoints {
  urls: string[];
  /** What the URLs came from, for messages: the variable, or the registry's public list. */
  origin: string;
}

/**
 * The chain's URLs (an empty list: neither is given). A malformed variable throws its ConfigError.
 * INGEST_PUBLIC_RPC_ORIGIN (tests only) sends every public endpoint to one origin instead, keeping the
 * public host as the first path segment, so a test can point them all at loopback by one variable.
 */
export function chainEndpoints(env: NodeJS.ProcessEnv, chain: RegistryChain): ChainEndpoints {
  const own = rpcUrl(env, chain.rpcEnv);
  if (own) return { urls: [own], origin: chain.rpcEnv };
  const rewrite = configFor(env).ingest.publicRpcOrigin;
  const urls = chain.publicRpc.map(({ url }) => (rewrite ? rewritten(url, rewrite) : url));
  return { urls, origin: `the registry's public endpoints (or set ${chain.rpcEnv})` };
}

function rewritten(url: string, origin: string): string {
  const u = new URL(url);
  return `${origin}/${u.host}${u.pathname === '/' ? '' : u.pathname}`;
}

/** A chain's URLs for messages, each as the one rule shows a configured URL (public-url.ts: a key may sit in its path). */
export function hostsOf(urls: string[]): string {
  return urls.map(publicUrl).join(', ') || '(none)';
}
