/**
 * What the non-EVM readers share: for each chain of one family, open the chain's public API,
 * read every deployment on it, and write one observation per deployment in the same table and
 * shape as the EVM source (supply in whole tokens, price, value, holders, the ledger or slot and
 * its time, the API asked and when). A chain that fails is that chain's failure, reported with a
 * message; the other chains and the rest of the run go on.
 *
 * A family whose declaration says it cannot read a past day (its API gives the current state, not
 * the state at an arbitrary past moment) keeps a reading only for the day that has just closed
 * (read within a day of its close), with the ledger time it was actually read at; a backfill of
 * older days skips it and says so.
 */
import { writeObservation } from './observe.ts';
import { configFor } from '#lib/server/config.ts';
import { chainEndpoints } from '#lib/server/ingest/endpoints.ts';
import type { ChainFamily } from '#lib/server/catalogue/registry-forms.ts';
import { familyById } from '#lib/server/catalogue/families.ts';
import type { Deployment, Registry, RegistryAsset, RegistryChain } from '#lib/server/catalogue/registry.ts';
import { familyOf } from '#lib/server/catalogue/registry.ts';
import { dayEnd, DAY_MS } from '#lib/shared/utc-day.ts';
import type { Source, SourceContext } from './types.ts';

/** One deployment's reading. */
export interface Reading {
  /** Circulating supply (total minus excluded wallets), a plain decimal string of whole tokens. */
  supply: string;
  /** Holders where the chain says so (Stellar's asset records), else null. */
  holders: number | null;
  /** Ledger, slot or version the figures were read at. */
  block: number | null;
  /** That ledger's time (ISO), when the chain gives it. */
  blockTime: string | null;
  /** What was asked (a public URL, no credentials). */
  apiUrl: string;
}

export interface ApiSettings {
  url: string;
  timeoutMs: number;
  backoffMs: number;
  onRetry: (m: string) => void;
}

/** A chain opened for reading: one call per deployment. */
export interface ChainReader {
  read(asset: RegistryAsset, d: Deployment): Promise<Reading>;
  /** API requests sent so far on this chain. */
  calls(): number;
}

export interface FamilyReader {
  family: ChainFamily;
  /** Checks the API answers (and is the chain named, where the chain has an id) before anything is read. */
  open(key: string, chain: RegistryChain, api: ApiSettings): Promise<ChainReader>;
}

/** The deployments a family reader reads: chains of its family, assets read from the chain. */
function familyDeployments(registry: Registry, family: ChainFamily): Map<string, Array<{ asset: RegistryAsset; d: Deployment }>> {
  const byChain = new Map<string, Array<{ asset: RegistryAsset; d: Deployment }>>();
  for (const asset of registry.assets) {
    if (asset.source !== 'evm') continue;
    for (const d of asset.deployments) {
      if (familyOf(registry, d.chain) !== family) continue;
      const list = byChain.get(d.chain) ?? byChain.set(d.chain, []).get(d.chain)!;
      list.push({ asset, d });
    }
  }
  return byChain;
}

/** The first line of an error, bounded: what a reader of the run needs. */
function reason(e: unknown): string {
  return String((e as Error)?.message ?? e)
    .split('\n')[0]
    .slice(0, 300);
}

/**
 * The price of an asset for the day: a fixed NAV from the registry, or the one this run's EVM
 * source read for the same day (a feed or contract lives on an EVM chain). Null when neither is
 * known: the supply is kept, the value is unavailable.
 */
function priceFor(ctx: SourceContext, asset: RegistryAsset): { price: number | null; from: string } {
  if (asset.price.kind === 'fixed') return { price: Number(asset.price.usd), from: 'fixed NAV' };
  if (asset.price.kind === 'unavailable') return { price: null, from: 'no price source' };
  const price = ctx.prices?.get(asset.symbol);
  return price === undefined || price === null
    ? { price: null, from: 'no EVM price read in this run' }
    : { price, from: 'the EVM price read for the day' };
}

/** Reports a chain (or one deployment on it) as failed: a warning kept with the run, naming the chain. */
/** A chain (or one asset on it) that could not be read: said in the run, and kept stale by the publish step. */
function failed(ctx: SourceContext, source: string, chain: string, message: string, asset?: string) {
  ctx.warn(`${source} ${chain} failed: ${message}`);
  ctx.fail?.({ chain, asset }, `${source}: ${message}`);
}

export function familySource(reader: FamilyReader): Source {
  const name = reader.family;
  return {
    name,
    applies: (registry) => familyDeployments(registry, reader.family).size > 0,
    async run(ctx) {
      const counts = { observations: 0, requests: 0, failedChains: 0, failedDeployments: 0 };
      const byChain = familyDeployments(ctx.registry, reader.family);
      if (byChain.size === 0) return counts;
      const end = dayEnd(ctx.date);
      const now = Date.now();
      if (now < end) throw new Error(`The day ${ctx.date} has not closed yet (00:00 UTC of the next day); measure an earlier date.`);
      if (now - end > DAY_MS && !familyById(name)?.readsPastDay) {
        ctx.progress(`${name}: ${ctx.date} is more than a day past; this chain's API gives the current state only, nothing recorded`);
        return counts;
      }
      const cfg = configFor(ctx.env).ingest;
      const fetchedAt = new Date().toISOString();
      for (const [key, list] of byChain) {
        const chain = ctx.registry.chains[key];
        let urls: string[];
        try {
          urls = chainEndpoints(ctx.env, chain).urls;
        } catch (e) {
          counts.failedChains++;
          failed(ctx, name, key, reason(e));
          continue;
        }
        if (!urls.length) {
          counts.failedChains++;
          failed(ctx, name, key, `no API URL for chain "${key}" (${chain.name}): set ${chain.rpcEnv} or list publicRpc in the registry`);
          continue;
        }
        // The first endpoint that opens (answers as the chain named) reads the chain; the others are fallbacks.
        let opened: ChainReader | undefined;
        let lastError: unknown;
        for (const url of urls) {
          try {
            opened = await reader.open(key, chain, { url, timeoutMs: cfg.rpcTimeoutMs, backoffMs: cfg.backoffMs, onRetry: ctx.warn });
            break;
          } catch (e) {
            lastError = e;
          }
        }
        if (!opened) {
          counts.failedChains++;
          failed(ctx, name, key, `chain "${key}" (${chain.name}) is unreachable or not the chain named: ${reason(lastError)}`);
          continue;
        }
        for (const { asset, d } of list) {
          let r: Reading;
          try {
            r = await opened.read(asset, d);
          } catch (e) {
            counts.failedDeployments++;
            failed(ctx, name, key, `${asset.symbol} at ${d.address}: ${reason(e)}`, asset.symbol);
            continue;
          }
          const { price, from } = priceFor(ctx, asset);
          const value = price === null ? null : Number(r.supply) * price;
          ctx.progress(
            `${name} ${key} ${asset.symbol}: supply ${r.supply} at ledger ${r.block ?? '?'}${value === null ? ` (value unavailable: ${from})` : `, $${value.toFixed(2)}`}, ${r.holders ?? '?'} holders`,
          );
          if (ctx.dryRun) continue;
          const row = {
            runId: ctx.runId,
            date: ctx.date,
            assetSymbol: asset.symbol,
            chain: key,
            source: name,
            contract: d.address,
            supply: r.supply,
            price,
            value,
            holders: r.holders,
            blockNumber: r.block,
            blockTime: r.blockTime,
            apiUrl: r.apiUrl,
            fetchedAt,
          };
          // Checked against the bounds before it is stored (a refused figure fails this asset on this chain).
          const refused = await writeObservation(ctx.db, row);
          if (refused) {
            counts.failedDeployments++;
            failed(ctx, name, key, refused, asset.symbol);
            continue;
          }
          counts.observations++;
        }
        counts.requests += opened.calls();
      }
      return counts;
    },
  };
}

/** A field the documented answer must have: refused (with its name) rather than read as zero. */
export function need<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`the answer has no ${what}: refused`);
  return value;
}
