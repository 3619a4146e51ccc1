/**
 * npm run rpc:check: asks every keyless EVM endpoint of the registry (INGEST_REGISTRY, else the
 * one in git) for its chain id, its head, a 100-block eth_getLogs of a tracked token's Transfer
 * logs and an eth_call of that token 200 blocks back, and prints a table: which endpoints answer,
 * and why the others do not (dead, rate limited, getLogs disabled or capped, state pruned, wrong
 * chain). The logic is in scripts/lib/rpc-check.ts. Exit 1 when a chain has no endpoint that
 * answers all four; 2 when the registry cannot be read.
 */
import { loadRegistry, registryPath, RegistryError } from '#lib/server/catalogue/registry.ts';
import { checkEndpoint, endpointTargets, table, type EndpointReport } from './lib/rpc-check.ts';

let registry;
try {
  registry = loadRegistry(registryPath());
} catch (e) {
  console.error(e instanceof RegistryError ? e.message : e);
  process.exit(2);
}

const targets = endpointTargets(registry);
// One chain at a time, its endpoints side by side: each provider is asked four questions, once.
const reports: EndpointReport[] = [];
for (const chain of [...new Set(targets.map((t) => t.chain))])
  reports.push(...(await Promise.all(targets.filter((t) => t.chain === chain).map((t) => checkEndpoint(t)))));
console.log(table(reports));

const others = Object.entries(registry.chains).filter(([, c]) => c.family !== 'evm');
if (others.length)
  console.log(
    `\nNot asked (not EVM JSON-RPC): ${others.map(([k, c]) => `${k} (${c.family}: ${c.publicRpc.map((e) => new URL(e.url).host).join(', ') || 'no public endpoint'})`).join('; ')}`,
  );
const bare = [...new Set(targets.map((t) => t.chain))].filter((c) => !reports.some((r) => r.chain === c && r.verdict === 'ok'));
if (bare.length) {
  console.log(`\nNo endpoint answered all four on: ${bare.join(', ')}`);
  process.exit(1);
}
