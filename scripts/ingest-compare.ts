/**
 * node scripts/ingest-compare.ts <out.json> [<before.json>]
 *
 * The two-chain local run (scripts/lib/ingest-scenario.ts) in both of the ingest's modes, with
 * every table of its database dumped after each step: the closing-block read of the scenario's
 * three days, a head-first run, then day 3's jump (held by the breaker) and a second head-first run. What varies with the
 * clock or the process (ids, times a row was written or fetched, ages in hours) is left out, so
 * two runs of the same code on the same day write the same file. A refactor of the ingest is run
 * once before and once after: given the earlier dump, the script names each table that differs.
 * Not part of `npm test` (two Anvil nodes and four ingest runs: about a minute).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { playJump, startScenario, writeRegistry } from './lib/ingest-scenario.ts';

const [out, before] = process.argv.slice(2);
if (!out) {
  console.error('usage: node scripts/ingest-compare.ts <out.json> [<before.json>]');
  process.exit(2);
}

/** Columns whose value is the clock's or the process's, not the run's. */
const VOLATILE = /(^id$|_at$|At$|^ageHours$|^started$|^finished$|^heartbeat|^expires|^owner$)/;

/** A time written today (a retry planned from now): the scenario's own blocks are all days in the past. */
const TODAY = new RegExp(`${new Date().toISOString().slice(0, 10)}T[0-9:.]+Z`, 'g');

function scrub(v: unknown): unknown {
  if (typeof v === 'string') v = v.replace(TODAY, '<now>');
  if (typeof v === 'string' && /^[[{]/.test(v)) {
    try {
      return scrub(JSON.parse(v));
    } catch {
      return v;
    }
  }
  if (Array.isArray(v)) return v.map(scrub);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !VOLATILE.test(k))
        .map(([k, x]) => [k, scrub(x)]),
    );
  return v;
}

async function dump(url: string): Promise<Record<string, unknown[]>> {
  const c = createClient({ url });
  const tables = await c.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
  );
  const result: Record<string, unknown[]> = {};
  for (const row of tables.rows) {
    const name = row.name as string;
    const rows = (await c.execute(`SELECT * FROM "${name}"`)).rows.map((r) => {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(r)) if (!VOLATILE.test(k)) o[k] = scrub(typeof v === 'bigint' ? v.toString() : v);
      // Keys the clock writes (a first start's seed stamp) are left out of dataset_meta whole.
      return o;
    });
    const lines = rows.map((r) => JSON.stringify(r)).sort();
    // The seed stamp's value is the time it was written.
    result[name] = lines.filter((l) => !l.includes('"seeded:')).map((l) => JSON.parse(l) as unknown);
  }
  c.close();
  return result;
}

const dir = mkdtempSync(join(tmpdir(), 'rwa-compare-'));
const db = join(dir, 'app.db');
const registryFile = join(dir, 'registry.json');
const s = await startScenario();
writeRegistry(s, registryFile);
const env = { ...process.env, ...s.env, DATABASE_URL: `file:${db}`, INGEST_REGISTRY: registryFile, INGEST_AUTO: 'off' };
const ingest = (args: string[]) => {
  const r = spawnSync(process.execPath, ['scripts/ingest.ts', ...args], { env, encoding: 'utf8' });
  console.log(`ingest ${args.join(' ')}: exit ${r.status}`);
  if (r.status !== 0 && r.status !== 3) console.log(r.stdout, r.stderr);
};
const steps: Record<string, Record<string, unknown[]>> = {};
try {
  ingest(['--from', s.days[0], '--to', s.days[2]]);
  steps.close = await dump(`file:${db}`);
  ingest(['--head']);
  steps.head = await dump(`file:${db}`);
  const day3 = await playJump(s);
  ingest(['--date', day3]);
  steps.jump = await dump(`file:${db}`);
  ingest(['--head']);
  steps.headAgain = await dump(`file:${db}`);
} finally {
  await s.stop();
}
writeFileSync(out, JSON.stringify(steps, null, 1));
rmSync(dir, { recursive: true, force: true });
console.log(`wrote ${out}`);

if (before) {
  const was = JSON.parse(readFileSync(before, 'utf8')) as typeof steps;
  let differ = 0;
  for (const step of Object.keys({ ...was, ...steps }))
    for (const table of new Set([...Object.keys(was[step] ?? {}), ...Object.keys(steps[step] ?? {})])) {
      const a = JSON.stringify(was[step]?.[table] ?? null);
      const b = JSON.stringify(steps[step]?.[table] ?? null);
      if (a !== b) {
        differ++;
        console.log(`differs: ${step} ${table}`);
      }
    }
  const tables = Object.values(steps).reduce((n, t) => n + Object.keys(t).length, 0);
  console.log(differ ? `${differ} table(s) differ` : `identical: ${tables} tables over ${Object.keys(steps).length} steps`);
  process.exit(differ ? 1 : 0);
}
