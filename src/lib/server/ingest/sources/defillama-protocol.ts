/**
 * The long tail from DefiLlama's free TVL API (https://api.llama.fi/protocol/{slug}): for each
 * registry asset that names a DefiLlama protocol, the protocol's value per chain at the close of
 * the day. `currentChainTvls` says which chains the protocol is on now (its keys); each chain's
 * daily history is `chainTvls[Chain].tvl[] = { date, totalLiquidityUSD }`. Keys such as
 * "Ethereum-borrowed" or "staking" are other measures, not the chain's value, and are skipped.
 *
 * Observations are labelled `defillama-protocol` with the URL asked. They carry a dollar value,
 * not a token supply (DefiLlama gives none): `supply` is left empty and `price` null. Where a
 * chain reader also covers the asset on that chain, both figures are stored and the site shows
 * the gap; the chain's own figure is the one counted.
 *
 * A field the documented shape has and the answer lacks (renamed, say) is refused: that chain (or
 * the whole protocol, for a top-level field) is reported failed with the field named, never
 * silently dropped. Answers are capped in size (http.ts).
 */
import { writeObservation } from './observe.ts';
import { configFor } from '#lib/server/config.ts';
import type { Registry, RegistryAsset } from '#lib/server/catalogue/registry.ts';
import { endpointLabel, requestJson } from './http.ts';
import { unreachableCode } from '#lib/server/ingest/rpc.ts';
import { cleanExternalName, externalChains } from '#lib/server/ingest/external-names.ts';
import { dayEnd, DAY_MS } from '#lib/shared/utc-day.ts';
import type { Source } from './types.ts';
import { DEFILLAMA_PROTOCOL, PROTOCOL_DROPPED_KEYS } from '#lib/server/catalogue/aggregators.ts';

const SOURCE_NAME = DEFILLAMA_PROTOCOL;

/** DefiLlama's measures other than a chain's own value: as a key alone or as a "-suffix" of a chain. */
const EXTRA = new Set([
  'staking',
  'pool2',
  'borrowed',
  'doublecounted',
  'liquidstaking',
  'vesting',
  'offers',
  'treasury',
  'dcandlsoverlap',
  'owntokens',
]);

export function isChainKey(key: string): boolean {
  const lower = key.toLowerCase();
  if (EXTRA.has(lower)) return false;
  const dash = lower.lastIndexOf('-');
  return !(dash > 0 && EXTRA.has(lower.slice(dash + 1)));
}

export interface ProtocolDay {
  /** DefiLlama chain name -> dollars at the close of the day. */
  byChain: Map<string, number>;
  /** Chains refused, with why (a missing or renamed field, no figure for the day). */
  failed: Array<{ chain: string; message: string }>;
}

/**
 * Per chain, the value at the close of `date`: the last daily point at or before 00:00 UTC of
 * the next day, when it is at most a day older. Throws when a top-level field is missing.
 */
export function protocolOnDay(body: unknown, date: string, only?: readonly string[]): ProtocolDay {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('the answer is not an object: refused');
  const b = body as Record<string, unknown>;
  const current = b.currentChainTvls;
  const history = b.chainTvls;
  if (!current || typeof current !== 'object' || Array.isArray(current)) throw new Error('the answer has no currentChainTvls: refused');
  if (!history || typeof history !== 'object' || Array.isArray(history)) throw new Error('the answer has no chainTvls: refused');
  const end = dayEnd(date) / 1000;
  const byChain = new Map<string, number>();
  const failed: ProtocolDay['failed'] = [];
  for (const chain of Object.keys(current).filter(isChainKey)) {
    if (only && !only.includes(chain)) continue;
    const h = Object.hasOwn(history, chain) ? (history as Record<string, unknown>)[chain] : undefined;
    const rows = (h as { tvl?: unknown } | undefined)?.tvl;
    if (!Array.isArray(rows)) {
      failed.push({ chain, message: `chainTvls.${chain}.tvl is missing: refused` });
      continue;
    }
    let best: { date: number; usd: number } | null = null;
    let bad: string | null = null;
    for (const r of rows as Array<Record<string, unknown>>) {
      const d = typeof r?.date === 'number' ? r.date : typeof r?.date === 'string' && /^\d+$/.test(r.date) ? Number(r.date) : NaN;
      const usd = r?.totalLiquidityUSD;
      if (!Number.isFinite(d)) {
        bad = `a chainTvls.${chain}.tvl row has no date: refused`;
        break;
      }
      if (typeof usd !== 'number' || !Number.isFinite(usd) || usd < 0) {
        bad = `a chainTvls.${chain}.tvl row has no totalLiquidityUSD${r && typeof r === 'object' ? ` (fields: ${Object.keys(r).join(', ')})` : ''}: refused`;
        break;
      }
      if (d <= end && (!best || d > best.date)) best = { date: d, usd };
    }
    if (bad) failed.push({ chain, message: bad });
    else if (!best || end - best.date > DAY_MS / 1000) failed.push({ chain, message: `no figure for ${date}` });
    else byChain.set(chain, best.usd);
  }
  return { byChain, failed };
}

/** The assets this source reads: every one naming a protocol. */
function protocolAssets(registry: Registry): RegistryAsset[] {
  return registry.assets.filter((a) => a.defillamaProtocol !== undefined);
}

export const defillamaProtocolSource: Source = {
  name: SOURCE_NAME,
  applies: (registry) => protocolAssets(registry).length > 0,
  async run(ctx) {
    const cfg = configFor(ctx.env).ingest;
    // DefiLlama chain names -> registry keys or league slugs; any other chain is reported, not published.
    const chainOf = externalChains(ctx.registry);
    const keyOf = (llamaChain: string) => {
      const m = chainOf(llamaChain);
      return 'key' in m ? m.key : m.unknown;
    };
    const counts = { observations: 0, requests: 0, failedChains: 0, failedAssets: 0 };
    const fetchedAt = new Date().toISOString();
    for (const asset of protocolAssets(ctx.registry)) {
      const p = asset.defillamaProtocol!;
      const url = `${cfg.defillamaTvlUrl}/protocol/${p.slug}`;
      const shown = endpointLabel(cfg.defillamaTvlUrl, `/protocol/${p.slug}`);
      let day: ProtocolDay;
      try {
        counts.requests++;
        const a = await requestJson(url, {
          timeoutMs: cfg.rpcTimeoutMs,
          backoffMs: cfg.backoffMs,
          onRetry: ctx.warn,
          label: shown,
          dropKeys: PROTOCOL_DROPPED_KEYS,
        });
        if (a.status !== 200) throw new Error(`status ${a.status}`);
        day = protocolOnDay(a.json, ctx.date, p.chains);
      } catch (e) {
        counts.failedAssets++;
        ctx.warn(
          `${SOURCE_NAME} ${asset.symbol} failed: ${shown}: ${String((e as Error).message)
            .split('\n')[0]
            .slice(0, 300)}`,
        );
        // The kind of unreachable (ENOTFOUND, ECONNREFUSED) stays in the reason: offline.ts tells an offline run by it.
        const code = unreachableCode(e);
        if (asset.source === SOURCE_NAME)
          ctx.fail?.({ asset: asset.symbol }, `${SOURCE_NAME}: ${shown} could not be read${code ? ` (${code})` : ''}`);
        continue;
      }
      for (const f of day.failed) {
        counts.failedChains++;
        ctx.warn(`${SOURCE_NAME} ${keyOf(f.chain)} failed: ${asset.symbol} (${shown}): ${cleanExternalName(f.message, 300)}`);
        // Only where DefiLlama is the asset's source: a failed cross-check never holds a chain reader's figure.
        if (asset.source === SOURCE_NAME)
          ctx.fail?.({ chain: keyOf(f.chain), asset: asset.symbol }, `${SOURCE_NAME}: ${cleanExternalName(f.message, 300)}`);
      }
      let total = 0;
      const unknown: string[] = [];
      const taken = new Set<string>();
      for (const [llamaChain, usd] of day.byChain) {
        const match = chainOf(llamaChain);
        // A second spelling of a chain already read (full-width 'Ｅthereum') would count it twice: reported instead.
        if ('unknown' in match || taken.has(match.key)) {
          unknown.push(JSON.stringify(cleanExternalName(llamaChain)));
          continue;
        }
        taken.add(match.key);
        total += usd;
        if (ctx.dryRun) continue;
        const chain = match.key;
        const row = {
          runId: ctx.runId,
          date: ctx.date,
          assetSymbol: asset.symbol,
          chain,
          source: SOURCE_NAME,
          contract: asset.deployments.find((d) => d.chain === chain)?.address ?? null,
          supply: '',
          price: null,
          value: usd,
          holders: null,
          blockNumber: null,
          blockTime: null,
          apiUrl: shown,
          fetchedAt,
        };
        // Checked against the bounds before it is stored (1.7e308 or a negative figure fails that chain).
        const refused = await writeObservation(ctx.db, row);
        if (refused) {
          counts.failedChains++;
          ctx.warn(`${SOURCE_NAME} ${chain} failed: ${refused}`);
          if (asset.source === SOURCE_NAME) ctx.fail?.({ chain, asset: asset.symbol }, `${SOURCE_NAME}: ${refused}`);
          continue;
        }
        counts.observations++;
      }
      if (unknown.length)
        ctx.warn(
          `${SOURCE_NAME} ${asset.symbol}: DefiLlama chains not in the registry or the league, not published: ${unknown.slice(0, 20).join(', ')}${unknown.length > 20 ? ` and ${unknown.length - 20} more` : ''}`,
        );
      ctx.progress(`${SOURCE_NAME} ${asset.symbol} (${p.slug}): ${day.byChain.size - unknown.length} chains, $${total.toFixed(0)}`);
    }
    return counts;
  },
};
