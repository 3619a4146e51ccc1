/**
 * `npm run db:backup [-- <file>]`: a consistent copy of the local libSQL database, taken while the
 * site serves. `VACUUM INTO` reads one snapshot (a WAL read transaction), so concurrent writes
 * neither block it nor tear it. Default target: data/backups/app-<UTC timestamp>.db.
 * The copy is checked (`PRAGMA integrity_check`) and its row counts printed.
 *
 * Restore: see scripts/db/restore.ts (`npm run db:restore -- <file>`).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createClient } from '@libsql/client';
import { isLocalFile } from '#db/local-file.ts';
import { configOrExit } from '#lib/server/config.ts';
import { rowText } from '#db/row-text.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const { url } = configOrExit().database;
if (!isLocalFile(url)) {
  console.error(
    `db:backup copies a local database file; ${url} is remote (use the host's own backups, e.g. Turso's point-in-time restore).`,
  );
  process.exit(1);
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = resolve(process.argv[2] ?? `data/backups/app-${stamp}.db`);
if (existsSync(target)) {
  console.error(`${target} already exists; VACUUM INTO never overwrites.`);
  process.exit(1);
}
mkdirSync(dirname(target), { recursive: true });

const source = createClient({ url, timeout: 10_000 });
const started = Date.now();
try {
  await source.execute({ sql: 'VACUUM INTO ?', args: [target] });
} finally {
  source.close();
}

const copy = createClient({ url: `file:${target}` });
try {
  const integrity = rowText(Object.values((await copy.execute('PRAGMA integrity_check')).rows[0])[0]);
  const tables = (
    await copy.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
  ).rows.map((r) => rowText(r.name));
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = Number((await copy.execute(`SELECT count(*) AS n FROM "${t}"`)).rows[0].n);
  console.log(JSON.stringify({ backup: target, ms: Date.now() - started, integrity, counts }, null, 2));
  if (integrity !== 'ok') process.exit(1);
} finally {
  copy.close();
}
