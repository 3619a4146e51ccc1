/**
 * `npm run ingest -- --backfill`: before a first backfill reads every deployment's Transfer logs
 * from its deployment block, an estimate of what it costs, per chain: blocks to read, eth_getLogs
 * calls at the configured range (one call per range covers every deployment of the chain), and
 * the time at the provider's measured latency. The run itself then prints its progress per range.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { ingestCheckpoints } from '#db/schema/index.ts';
import { configFor } from '#lib/server/config.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import { connectChain, deploymentsByChain } from './sources/evm/chains.ts';
import { discoverDeploymentBlock } from './sources/evm/deployment-block.ts';

export interface ChainPlan {
  chain: string;
  /** First block still to read (the lowest checkpoint or deployment block). */
  from: number;
  head: number;
  /** Milliseconds of one JSON-RPC round trip, measured. */
  latencyMs: number;
}

export interface ChainEstimate extends ChainPlan {
  blocks: number;
  calls: number;
  seconds: number;
}

/** Calls and time per chain: one eth_getLogs per `span` blocks, plus a few per day measured. */
export function estimateBackfill(plans: ChainPlan[], span: number, days: number): ChainEstimate[] {
  return plans.map((p) => {
    const blocks = Math.max(0, p.head - p.from + 1);
    // Per day: a binary search for the closing block (about log2(head) block reads) and one multicall per deployment.
    const perDay = Math.ceil(Math.log2(Math.max(2, p.head))) + 4;
    const calls = Math.ceil(blocks / span) + perDay * days;
    return { ...p, blocks, calls, seconds: Math.round((calls * p.latencyMs) / 1000) };
  });
}

/** Reads each EVM chain's head and checkpoints; a chain that cannot be reached is reported, not estimated. */
export async function planBackfill(
  db: Database,
  registry: Registry,
  env: NodeJS.ProcessEnv,
  warn: (m: string) => void,
): Promise<{ plans: ChainPlan[]; unreachable: string[] }> {
  const plans: ChainPlan[] = [];
  const unreachable: string[] = [];
  for (const [key, deployments] of deploymentsByChain(registry)) {
    try {
      const c = await connectChain(registry, key, env, warn);
      const started = performance.now();
      const head = Number(await c.client.getBlockNumber({ cacheTime: 0 }));
      const latencyMs = Math.max(1, performance.now() - started);
      let from = Infinity;
      for (const d of deployments) {
        const [cp] = await db
          .select({ lastBlock: ingestCheckpoints.lastBlock })
          .from(ingestCheckpoints)
          .where(and(eq(ingestCheckpoints.chain, key), eq(ingestCheckpoints.token, d.address)));
        if (cp) from = Math.min(from, cp.lastBlock + 1);
        else if (d.startBlock !== undefined) from = Math.min(from, d.startBlock);
        else {
          // The registry gives no first block: find it, so the estimate starts where the token does.
          const found = await discoverDeploymentBlock(
            (blockNumber) => c.client.getCode({ address: d.address, blockNumber }),
            BigInt(head),
            { chain: key, symbol: d.asset.symbol, address: d.address },
          );
          if (found.block !== null) from = Math.min(from, Number(found.block));
        }
      }
      plans.push({ chain: key, from: Number.isFinite(from) ? from : head, head, latencyMs });
    } catch (e) {
      unreachable.push(`${key}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  return { plans, unreachable };
}

/** The estimate as lines for the CLI. */
export function describeEstimate(estimates: ChainEstimate[], env: NodeJS.ProcessEnv): string[] {
  const span = configFor(env).ingest.logSpan;
  const lines = estimates.map(
    (e) =>
      `  ${e.chain}: blocks ${e.from}-${e.head} (${e.blocks.toLocaleString('en-US')}), about ${e.calls.toLocaleString('en-US')} calls at ${span.toLocaleString('en-US')} blocks per eth_getLogs, ~${formatDuration(e.seconds)} at ${Math.round(e.latencyMs)} ms per call`,
  );
  const calls = estimates.reduce((s, e) => s + e.calls, 0);
  const seconds = estimates.reduce((s, e) => s + e.seconds, 0);
  lines.push(`  total: about ${calls.toLocaleString('en-US')} calls, ~${formatDuration(seconds)} (chains read one after the other)`);
  return lines;
}

export function formatDuration(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
