/**
 * Where the registry is: the file INGEST_REGISTRY names, or the one in git. A module of its own, so
 * that what only needs the path (the start's RPC variable check) loads neither the registry's
 * validation nor the check.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configFor } from '#lib/server/config.ts';

export const DEFAULT_REGISTRY = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../content/registry/registry.json');

/** The registry named by INGEST_REGISTRY, or the one in git. */
export function registryPath(env: NodeJS.ProcessEnv = process.env): string {
  return configFor(env).ingest.registry ?? DEFAULT_REGISTRY;
}
