/**
 * npm run ingest:local — the ingest tests' setup, by hand: starts two Anvil chains, deploys the
 * scenario's contracts (scripts/lib/ingest-scenario.ts), runs `npm run ingest` for its three days
 * into DATABASE_URL (default file:./data/app.db) and keeps the chains running until Ctrl-C, so
 * `npm run serve` shows the published figures and their blocks.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScenario, writeRegistry } from './lib/ingest-scenario.ts';

const s = await startScenario();
const registryFile = join(mkdtempSync(join(tmpdir(), 'rwa-registry-')), 'registry.json');
writeRegistry(s, registryFile);
console.log(`chains: ${s.env.RPC_URL_LOCAL_A} (31337), ${s.env.RPC_URL_LOCAL_B} (31338); registry ${registryFile}`);
const run = spawnSync(process.execPath, ['scripts/ingest.ts', '--from', s.days[0], '--to', s.days[2]], {
  stdio: 'inherit',
  env: { ...process.env, ...s.env, INGEST_REGISTRY: registryFile },
});
console.log(
  `\ningest exited with ${run.status}. Now, in another terminal: INGEST_REGISTRY=${registryFile} npm run serve (same DATABASE_URL; /sources lists this registry). Chains keep running; Ctrl-C stops them.`,
);
console.log(
  `To ingest again: INGEST_REGISTRY=${registryFile} RPC_URL_LOCAL_A=${s.env.RPC_URL_LOCAL_A} RPC_URL_LOCAL_B=${s.env.RPC_URL_LOCAL_B} npm run ingest -- --date ${s.days[2]}`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void s.stop().then(() => process.exit(0)));
