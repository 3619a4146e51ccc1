/**
 * npm run ingest:local — the ingest tests' setup, by hand: starts two Anvil chains, deploys the
 * scenario's contracts (scripts/lib/ingest-scenario.ts), runs `npm run ingest` for its three days
 * into a database of its own (data/ingest-local.db, made afresh each time) and keeps the chains
 * running until Ctrl-C. It never writes into the site's database: its three test assets would
 * otherwise replace the real figures there, with no way back but deleting the file.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startScenario, writeRegistry } from './lib/ingest-scenario.ts';

const file = resolve('data/ingest-local.db');
const databaseUrl = `file:${file}`;
mkdirSync(resolve('data'), { recursive: true });
// The chains are new each time: a database of an earlier start would mix two scenarios' runs.
for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });

const s = await startScenario();
const registryFile = join(mkdtempSync(join(tmpdir(), 'rwa-registry-')), 'registry.json');
writeRegistry(s, registryFile);
console.log(`chains: ${s.env.RPC_URL_LOCAL_A} (31337), ${s.env.RPC_URL_LOCAL_B} (31338); registry ${registryFile}`);
console.log(`database: ${file} (its own; the site's DATABASE_URL is left alone)`);
const run = spawnSync(process.execPath, ['scripts/ingest.ts', '--from', s.days[0], '--to', s.days[2]], {
  stdio: 'inherit',
  env: { ...process.env, ...s.env, DATABASE_URL: databaseUrl, INGEST_REGISTRY: registryFile },
});
console.log(`\ningest exited with ${run.status}. To serve it, in another terminal:`);
console.log(`  DATABASE_URL=${databaseUrl} INGEST_REGISTRY=${registryFile} INGEST_AUTO=off npm run serve`);
console.log(
  `To ingest again: DATABASE_URL=${databaseUrl} INGEST_REGISTRY=${registryFile} RPC_URL_LOCAL_A=${s.env.RPC_URL_LOCAL_A} RPC_URL_LOCAL_B=${s.env.RPC_URL_LOCAL_B} INGEST_HEAD_TAG=latest INGEST_MAX_HEAD_AGE=0 npm run ingest -- --date ${s.days[2]}`,
);
console.log('Chains keep running; Ctrl-C stops them.');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void s.stop().then(() => process.exit(0)));
