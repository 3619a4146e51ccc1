/**
 * Stablecoin supply per chain from the DefiLlama stablecoins API (free, no key): for each registry
 * asset with `source: "defillama"`, `/stablecoin/{id}` gives every chain's daily history. The
 * server code and its OpenAPI file spell two fields differently; both are accepted:
 * `chainBalances[Chain].tokens[]` or `chainCirculating[Chain].tokens[]`, and per row
 * `circulating` or `totalCirculating`. Amounts are keyed by peg (`{ "peggedUSD": 123 }`).
 * Holders are not in this API: they stay unavailable (null), never estimated.
 */
import { z } from 'zod';
import { configFor } from '#lib/server/config.ts';
import { readCapped } from '#lib/server/ingest/body.ts';
import { parseOutsideJson } from '#lib/server/ingest/outside-json.ts';
import { pegPriceProblem } from '#lib/server/catalogue/bounds.ts';
import { withinTimeout } from '#lib/server/ingest/budget.ts';
import { withRetry } from '#lib/server/ingest/rpc.ts';
import { writeObservation } from './observe.ts';
import { endpointLabel } from '#lib/server/http/public-url.ts';
import { cleanExternalName, externalChains, externalSlug } from '#lib/server/ingest/external-names.ts';
import { OTHER_CHAINS, OTHER_CHAINS_NAME } from '#lib/shared/other-chains.ts';
import type { ChainMember } from '#db/schema/index.ts';
import { dayEnd, DAY_MS } from '#lib/shared/utc-day.ts';
import type { Source } from './types.ts';

const pegged = z.record(z.string(), z.number().nullable());
const row = z.object({
  date: z.union([z.number(), z.string().regex(/^\d+$/)]).transform(Number),
  circulating: pegged.optional(),
  totalCirculating: pegged.optional(),
});
const chainHistory = z.object({ tokens: z.array(row) });
export const stablecoinSchema = z
  .object({
    id: z.union([z.string(), z.number()]).optional(),
    symbol: z.string().optional(),
    pegType: z.string().optional(),
    price: z.number().nullable().optional(),
    chainBalances: z.record(z.string(), chainHistory).optional(),
    chainCirculating: z.record(z.string(), chainHistory).optional(),
  })
  .refine((s) => s.chainBalances || s.chainCirculating, { message: 'neither chainBalances nor chainCirculating is present' });

export type StablecoinHistory = z.infer<typeof stablecoinSchema>;

/**
 * The answer is for the asset asked: an id typed wrong in the registry, or reused by
 * DefiLlama, answers with another coin's symbol. Null when it matches (case aside) or names none.
 */
export function symbolMismatch(asked: { symbol: string; defillamaId?: number }, answer: StablecoinHistory): string | null {
  if (answer.symbol === undefined || answer.symbol.toLowerCase() === asked.symbol.toLowerCase()) return null;
  return `${asked.symbol}: DefiLlama stablecoin id ${asked.defillamaId} answers for "${answer.symbol}", not "${asked.symbol}": refused (check defillamaId in the registry)`;
}

/** The circulating amount of one row in the asset's peg (peggedUSD unless pegType says otherwise). */
function amountOf(r: z.infer<typeof row>, peg: string): number | null {
  const m = r.circulating ?? r.totalCirculating;
  if (!m) return null;
  const v = m[peg] ?? Object.values(m).find((x) => typeof x === 'number') ?? null;
  return typeof v === 'number' ? v : null;
}

/**
 * Per chain, the circulating supply at the close of `date`: the row stamped 00:00 UTC of the next
 * day, or the last one before it when it is at most a day older. Chains without such a row are
 * left out (and reported), rather than carried forward.
 */
export function circulatingOn(s: StablecoinHistory, date: string): { byChain: Map<string, number>; stale: string[]; unreadable: string[] } {
  const end = dayEnd(date) / 1000;
  const peg = s.pegType ?? 'peggedUSD';
  const byChain = new Map<string, number>();
  const stale: string[] = [];
  // A row without a readable amount (a renamed field) is refused and reported, never dropped silently.
  const unreadable: string[] = [];
  for (const [chain, h] of Object.entries(s.chainBalances ?? s.chainCirculating ?? {})) {
    const rows = h.tokens.filter((r) => r.date <= end).sort((a, b) => a.date - b.date);
    const last = rows.at(-1);
    if (!last) continue;
    if (end - last.date > DAY_MS / 1000) {
      stale.push(chain);
      continue;
    }
    const v = amountOf(last, peg);
    if (v === null) unreadable.push(chain);
    else if (v > 0) byChain.set(chain, v);
  }
  return { byChain, stale, unreadable };
}

/** `label`: the request as it may be shown (endpointLabel: the configured URL's scheme and host only). */
async function getJson(url: string, label: string, warn: (m: string) => void): Promise<unknown> {
  try {
    return await fetchJson(url, label, warn);
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause?.code;
    throw new Error(
      `DefiLlama stablecoins API unreachable or failing at ${label} (DEFILLAMA_STABLECOINS_URL): ${(e as Error).message}${cause ? ` (${cause})` : ''}`,
      { cause: e },
    );
  }
}

async function fetchJson(url: string, label: string, warn: (m: string) => void): Promise<unknown> {
  return withRetry(
    label,
    async () => {
      const res = await fetch(url, { signal: AbortSignal.timeout(withinTimeout(30_000)), headers: { accept: 'application/json' } });
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw new Error(`${label}: status ${res.status}`);
      }
      // Streamed with a size cap: a huge answer is refused, not read whole.
      return parseOutsideJson(await readCapped(res, label), label);
    },
    warn,
  );
}

export const defillamaSource: Source = {
  name: 'defillama',
  applies: (registry) => registry.assets.some((a) => a.source === 'defillama'),
  async run(ctx) {
    const base = configFor(ctx.env).ingest.defillamaUrl;
    // DefiLlama chain names -> registry keys or league slugs; the chains neither names are summed as 'Other chains'.
    const chainOf = externalChains(ctx.registry);
    const keyOf = (llamaChain: string) => {
      const m = chainOf(llamaChain);
      return 'key' in m ? m.key : OTHER_CHAINS;
    };
    let observations = 0;
    let requests = 0;
    for (const asset of ctx.registry.assets.filter((a) => a.source === 'defillama')) {
      const url = `${base}/stablecoin/${asset.defillamaId}`;
      const shown = endpointLabel(base, `/stablecoin/${asset.defillamaId}`);
      const fetchedAt = new Date().toISOString();
      requests++;
      // The API down or answering in an unknown shape fails this asset only: its last figures are kept stale.
      const failAsset = (reason: string) => {
        if (!ctx.fail) throw new Error(reason);
        ctx.fail({ asset: asset.symbol }, reason);
      };
      let body: unknown;
      try {
        body = await getJson(url, shown, ctx.warn);
      } catch (e) {
        failAsset(`${asset.symbol}: ${(e as Error).message}`);
        continue;
      }
      const parsed = stablecoinSchema.safeParse(body);
      if (!parsed.success) {
        failAsset(`${asset.symbol}: ${shown} answered in an unknown shape: ${parsed.error.issues[0]?.message}`);
        continue;
      }
      const mismatch = symbolMismatch(asset, parsed.data);
      if (mismatch) {
        failAsset(mismatch);
        continue;
      }
      const { byChain, stale, unreadable } = circulatingOn(parsed.data, ctx.date);
      if (stale.length)
        ctx.warn(`${asset.symbol}: DefiLlama has no figure for ${ctx.date} on ${stale.map((c) => cleanExternalName(c)).join(', ')}`);
      for (const llamaChain of unreadable)
        (ctx.fail ?? ((_s, r: string) => ctx.warn(r)))(
          { asset: asset.symbol, chain: keyOf(llamaChain) },
          `${asset.symbol} on ${cleanExternalName(llamaChain)}: ${shown} has no readable amount (circulating or totalCirculating) for ${ctx.date}; refused`,
        );
      const price = asset.price.kind === 'fixed' ? Number(asset.price.usd) : (parsed.data.price ?? null);
      // DefiLlama's market price is kept beside the valuation for the depeg alert: a
      // fixed-$1 stablecoin stays valued at $1, but its reported price shows when it is off its peg.
      const reported = parsed.data.price;
      const implausible =
        typeof reported === 'number' && asset.price.kind === 'fixed' ? pegPriceProblem(reported, Number(asset.price.usd)) : null;
      if (implausible) ctx.warn(`${asset.symbol}: the market price ${shown} reports is refused: ${implausible}`);
      const marketPrice = typeof reported === 'number' && Number.isFinite(reported) && reported > 0 && !implausible ? reported : null;
      let total = 0;
      const respelled: string[] = [];
      const others = new Map<string, ChainMember>();
      const rows: Array<{ chain: string; supply: number; members?: ChainMember[] }> = [];
      const taken = new Set<string>();
      for (const [llamaChain, supply] of byChain) {
        const match = chainOf(llamaChain);
        const name = cleanExternalName(llamaChain);
        // A second spelling of a chain already read (full-width 'Ｅthereum') would count it twice: reported instead.
        const slug = 'key' in match ? match.key : `other:${externalSlug(llamaChain) ?? name}`;
        if (taken.has(slug)) {
          respelled.push(JSON.stringify(name));
          continue;
        }
        taken.add(slug);
        if ('key' in match) rows.push({ chain: match.key, supply });
        else others.set(slug, { chain: name, supply: String(supply) });
      }
      // The chains no one names are summed into one line that lists them, so the total is DefiLlama's.
      if (others.size) {
        const members = [...others.values()].sort((a, b) => Number(b.supply) - Number(a.supply));
        rows.push({ chain: OTHER_CHAINS, supply: members.reduce((t, m) => t + Number(m.supply), 0), members });
      }
      for (const { chain, supply, members } of rows) {
        const value = price === null ? null : supply * price;
        if (ctx.dryRun) continue;
        const problem = await writeObservation(ctx.db, {
          runId: ctx.runId,
          date: ctx.date,
          assetSymbol: asset.symbol,
          chain,
          source: 'defillama',
          contract: asset.deployments.find((d) => d.chain === chain)?.address ?? null,
          supply: String(supply),
          price,
          marketPrice,
          value,
          holders: null,
          blockNumber: null,
          blockTime: null,
          apiUrl: shown,
          fetchedAt,
          members: members ?? null,
        });
        if (problem) {
          (ctx.fail ?? ((_s, r: string) => ctx.warn(r)))({ asset: asset.symbol, chain }, problem);
          continue;
        }
        total += value ?? 0;
        observations++;
      }
      if (respelled.length)
        ctx.warn(
          `${asset.symbol}: DefiLlama chains spelled twice, counted once: ${respelled.slice(0, 20).join(', ')}${respelled.length > 20 ? ` and ${respelled.length - 20} more` : ''}`,
        );
      if (others.size) {
        const names = [...others.values()].map((m) => JSON.stringify(m.chain));
        ctx.progress(
          `  ${asset.symbol}: ${OTHER_CHAINS_NAME} (not in the registry or the league): ${names.slice(0, 20).join(', ')}${names.length > 20 ? ` and ${names.length - 20} more` : ''}`,
        );
      }
      ctx.progress(`defillama ${asset.symbol}: ${rows.length} chains, $${total.toFixed(0)}`);
    }
    return { observations, requests };
  },
};
