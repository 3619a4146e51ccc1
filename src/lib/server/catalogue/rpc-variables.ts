/**
 * The start's check of the RPC URL variables the registry names (each chain's rpcEnv: the
 * configuration's schema cannot list them). Apart from registry.ts, so that a start
 * checks them without loading the registry's validation (its schemas and a pass over the file cost
 * a server start about 0.1 s of CPU, and the site validates its own copy when a page first needs it).
 */
import { readFileSync } from 'node:fs';
import { ConfigError, rpcUrl } from '#lib/server/config.ts';
import { registryPath } from './registry-path.ts';

/**
 * The first malformed RPC URL variable, as the ConfigError a start reports, or undefined. An unset one
 * is not an error (that chain is reported by the ingest); an unreadable or invalid registry is reported
 * on /sources and by the ingest, not here: its variables are not checked. The names are read from the
 * file as it is, and the registry is validated only when one of them is malformed, so a valid
 * registry gives the answer a check of the validated registry gave.
 */
export async function rpcUrlProblem(env: NodeJS.ProcessEnv): Promise<ConfigError | undefined> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(registryPath(env), 'utf8'));
  } catch {
    return undefined;
  }
  const chains = (raw as { chains?: unknown } | null)?.chains;
  const names =
    chains && typeof chains === 'object' ? Object.values(chains).map((chain) => (chain as { rpcEnv?: unknown } | null)?.rpcEnv) : [];
  try {
    for (const name of names) if (typeof name === 'string') rpcUrl(env, name);
    return undefined;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const { parseRegistry } = await import('./registry.ts');
    try {
      parseRegistry(raw);
    } catch {
      return undefined;
    }
    return error;
  }
}
