import type { Client } from '@libsql/client';

/**
 * One number that moves whenever what the public pages show may have changed: triggers on every
 * table except the auth bookkeeping bump it in the same transaction as the change, whoever writes
 * (the server, a script, a data ingest). Unlike `PRAGMA data_version` it reads the same on every
 * connection, so the page cache (src/lib/server/response-cache.ts) can trust it. Installed at every
 * start, after the migrations, for the tables that exist then (a new table gets its triggers too).
 */
export const CHANGE_COUNTER_TABLE = 'change_counter';

/**
 * Tables whose rows no public page shows: writing them (a sign-in, a session renewal, an autosaved
 * draft, an ingest's raw logs and balances, which reach pages only through a publish) keeps the cache.
 * The raw ingest tables also take hundreds of thousands of rows a run: no trigger per row there.
 */
const NOT_SHOWN = new Set([
  'users',
  'sessions',
  'login_throttle',
  'article_drafts',
  'ingest_transfers',
  'ingest_holders',
  'ingest_checkpoints',
  'ingest_lock',
  CHANGE_COUNTER_TABLE,
]);

export async function installChangeCounter(client: Client): Promise<void> {
  await client.execute(`CREATE TABLE IF NOT EXISTS ${CHANGE_COUNTER_TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL)`);
  await client.execute(`INSERT OR IGNORE INTO ${CHANGE_COUNTER_TABLE} (id, n) VALUES (1, 0)`);
  const rs = await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\'",
  );
  const tables = rs.rows.map((r) => String(r.name)).filter((t) => !NOT_SHOWN.has(t) && /^\w+$/.test(t));
  const statements = tables.flatMap((t) =>
    ['INSERT', 'UPDATE', 'DELETE'].map(
      (op) =>
        `CREATE TRIGGER IF NOT EXISTS ${CHANGE_COUNTER_TABLE}_${t}_${op.toLowerCase()} AFTER ${op} ON "${t}" BEGIN UPDATE ${CHANGE_COUNTER_TABLE} SET n = n + 1 WHERE id = 1; END`,
    ),
  );
  if (statements.length) await client.batch(statements, 'write');
}
