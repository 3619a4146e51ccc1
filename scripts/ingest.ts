/**
 * npm run ingest [-- --date YYYY-MM-DD | --from YYYY-MM-DD --to YYYY-MM-DD | --head] [--source evm,defillama] [--dry-run] [--backfill]
 *
 * --head: head first (src/lib/server/ingest/plan.ts): today's on-chain figures at each
 * chain's finalized head (no archive node needed), published at once; then the Transfer logs, the
 * last 30 days first and the older history after, until INGEST_TIME_BUDGET_S; run it again to go on.
 *
 * --backfill: a first backfill (every deployment's Transfer logs from its deployment block) prints,
 * before it starts, per chain the blocks to read, the calls and the time it will take at the
 * provider's measured latency, then its progress per block range. It runs here, in a plain process,
 * outside any serverless function's time limit; a later daily run reads one day's blocks.
 *
 * Reads the registry's assets from their chains and APIs for a day (default: yesterday, UTC),
 * stores the observations with their provenance and publishes the figures the site serves (unless
 * the circuit breaker holds them). Exit codes: 0 published (or dry run), 1 failed (a missing or
 * unreachable RPC URL names its chain), 2 bad arguments, registry or environment variable, 3 held by the breaker,
 * 4 another run holds the lock.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '#db/client.ts';
import { ConfigError, parseConfig } from '#lib/server/config.ts';
import { ensureDatabaseFolder, migrateDatabase } from '#db/migrate.ts';
import { loadRegistry, registryPath, RegistryError } from '#lib/server/catalogue/registry.ts';
import { defaultDate, runIngest, type IngestResult } from '#lib/server/ingest/run.ts';
import { eachDay, isoDay } from '#lib/shared/utc-day.ts';
import { autoRunDue } from '#lib/server/ingest/auto.ts';
import { EARLY_CLOSE } from '#lib/server/catalogue/rules.ts';

if (existsSync('.env')) process.loadEnvFile('.env');

const fail = (code: number, message: string): never => {
  console.error(message);
  process.exit(code);
};

function readArgs() {
  return parseArgs({
    options: {
      date: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      source: { type: 'string', multiple: true },
      'dry-run': { type: 'boolean', default: false },
      backfill: { type: 'boolean', default: false },
      head: { type: 'boolean', default: false },
      /** Started by the server by itself (INGEST_AUTO): runs only while a run is still due, checked under the lock. */
      auto: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }).values;
}
let opts: ReturnType<typeof readArgs>;
try {
  opts = readArgs();
} catch (e) {
  opts = fail(2, `ingest: ${(e as Error).message}`);
}
if (opts.help) {
  console.log(
    'usage: npm run ingest -- [--date YYYY-MM-DD | --from YYYY-MM-DD --to YYYY-MM-DD | --head] [--source evm,defillama] [--dry-run] [--backfill]',
  );
  process.exit(0);
}
const isDate = (s: string | undefined) => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s + 'T00:00:00Z'));
for (const k of ['date', 'from', 'to'] as const)
  if (opts[k] !== undefined && !isDate(opts[k])) fail(2, `ingest: --${k} must be a date YYYY-MM-DD, got "${opts[k]}"`);
if (opts.date && (opts.from || opts.to)) fail(2, 'ingest: give either --date or --from/--to');
if (!!opts.from !== !!opts.to) fail(2, 'ingest: --from and --to go together');
if (opts.head && (opts.date || opts.from)) fail(2, 'ingest: --head reads today; it takes no --date or --from/--to');
const dates = opts.from ? eachDay(opts.from, opts.to!) : [opts.date ?? (opts.head ? isoDay(Date.now()) : defaultDate())];
if (dates.length === 0) fail(2, 'ingest: --from is after --to');
if (dates.length > 400) fail(2, 'ingest: a backfill covers at most 400 days per run');
const sources = opts.source?.flatMap((s) => s.split(',')).filter(Boolean);

let cfg;
try {
  cfg = parseConfig(process.env);
} catch (e) {
  if (e instanceof ConfigError) fail(2, `ingest: ${e.message}`);
  throw e;
}

let registry;
try {
  registry = loadRegistry(registryPath(process.env));
} catch (e) {
  if (e instanceof RegistryError) fail(2, `ingest: ${e.message}`);
  throw e;
}

const config = cfg.database;
ensureDatabaseFolder(config.url);
const { client, db } = openDatabase(config);
await migrateDatabase(db, client, config.url);

if (opts.backfill) {
  // Loaded for a backfill alone: its estimate connects to the EVM chains (viem).
  const { describeEstimate, estimateBackfill, planBackfill } = await import('#lib/server/ingest/backfill.ts');
  const { plans, unreachable } = await planBackfill(db, registry, process.env, () => {});
  console.log('backfill estimate:');
  for (const line of describeEstimate(estimateBackfill(plans, cfg.ingest.logSpan, dates.length), process.env)) console.log(line);
  for (const u of unreachable) console.log(`  not estimated: ${u}`);
}

const started = Date.now();
console.log(
  `ingest: ${dates.length === 1 ? dates[0] : `${dates[0]} .. ${dates.at(-1)}`}${opts['dry-run'] ? ' (dry run)' : ''}, registry ${registryPath(process.env)}`,
);
let result: IngestResult;
try {
  result = await runIngest(db, {
    dates,
    sources,
    dryRun: opts['dry-run'],
    registry,
    head: opts.head,
    progress: (line) => console.log(line),
    onlyIf: opts.auto ? (d) => autoRunDue(d, process.env) : undefined,
  });
} catch (e) {
  client.close();
  fail(2, `ingest: ${(e as Error).message}`);
}
client.close();
const r = result!;

// Closing summary: one row per source.
const rows = Object.entries(r.counts).map(([source, c]) => ({ source, ...c }));
if (rows.length) console.table(rows);
console.log(
  `run ${r.runId || '-'}: ${r.status}, as of ${r.asOf}, ${((Date.now() - started) / 1000).toFixed(1)} s${r.totals ? `, RWA $${r.totals.rwa.toFixed(2)}, stablecoins $${r.totals.stablecoins.toFixed(2)}` : ''}`,
);
if (r.warnings.length) console.log(`${r.warnings.length} warning(s); the first: ${r.warnings[0]}`);
for (const f of r.failures) console.log(`not read: ${f.reason}`);
for (const s of r.stale ?? [])
  console.log(
    `stale: ${s.asset} on ${s.chain} ${s.kind === 'price' ? `valued at its last price, stale since ${s.since}` : `shows ${s.since}`} (${s.ageHours} h old): ${s.reason}`,
  );
// A day read before its close is said so, in full (the run's record keeps the same words).
for (const w of r.warnings) if (w.includes(EARLY_CLOSE)) console.log(`early close: ${w}`);
// The day is to be read again (close-retry.ts): the in-process schedule does it; by hand, this command then.
if (r.retry)
  console.log(
    `close retry: INGEST_SCHEDULE reads ${r.retry.date} again at ${new Date(r.retry.at).toISOString()}; without it, run npm run ingest -- --date ${r.retry.date} after that`,
  );
for (const [cell, why] of Object.entries(r.held ?? {})) console.log(`held: ${cell}: ${why}`);
for (const c of r.comparison ?? [])
  console.log(
    `first run vs snapshot: ${c.assetClass}: $${(c.live / 1e9).toFixed(3)}B live, $${(c.snapshot / 1e9).toFixed(3)}B in the snapshot${c.share === null ? '' : ` (${c.share}%)`}`,
  );
// fail() exits with the code: 0 published, 1 failed, 3 held by the circuit breaker, 4 locked out.
if (r.status === 'published' || r.status === 'dry-run' || r.status === 'skipped') process.exit(0);
if (r.status === 'failed') fail(1, r.chain ? `ingest failed on chain "${r.chain}": ${r.reason}` : `ingest failed: ${r.reason}`);
if (r.status === 'held') fail(3, `ingest held, nothing published: ${r.reason}`);
if (r.status === 'locked') fail(4, `ingest not started: ${r.reason}`);
