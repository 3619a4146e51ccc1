import type { Client } from '@libsql/client';
import { LOCK_TABLE } from './lock.ts';
import { rowText } from './row-text.ts';

/**
 * One number that moves whenever what the public pages show may have changed: triggers on every
 * table except the auth bookkeeping bump it in the same transaction as the change, whoever writes
 * (the server, a script, a data ingest). Unlike `PRAGMA data_version` it reads the same on every
 * connection, so the page cache (src/lib/server/cache/response-cache.ts) can trust it. Installed at every
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
  // The git outbox (admin history; its background commit marks rows done after the save was answered)
  // and preview links (their pages are never cached).
  'content_revisions',
  'preview_links',
  'ingest_transfers',
  'ingest_holders',
  'ingest_checkpoints',
  'ingest_lock',
  // The read model's rows (schema/published.ts): a publish replaces thousands of them at once, and only
  // ever in the transaction that also writes its published_runs row, whose trigger moves the counter
  // once for all of them (a trigger per row would double the publish's writes for nothing).
  'published_cells',
  'published_totals',
  // The start-up lease (db/lock.ts).
  LOCK_TABLE,
  CHANGE_COUNTER_TABLE,
]);

/**
 * Rows of shown tables that no page shows: the content index's fingerprint of the files in git
 * (dataset_meta 'content:*'), rewritten after every background commit, long after the save itself
 * was answered and had already moved the counter.
 */
const ROWS_NOT_SHOWN: Record<string, (row: 'NEW' | 'OLD') => string> = {
  dataset_meta: (row) => `${row}.key LIKE 'content:%'`,
};

export async function installChangeCounter(client: Client): Promise<void> {
  await client.execute(`CREATE TABLE IF NOT EXISTS ${CHANGE_COUNTER_TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL)`);
  await client.execute(`INSERT OR IGNORE INTO ${CHANGE_COUNTER_TABLE} (id, n) VALUES (1, 0)`);
  const rs = await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\'",
  );
  const all = rs.rows.map((r) => rowText(r.name)).filter((t) => t !== CHANGE_COUNTER_TABLE && /^\w+$/.test(t));
  const ops = ['INSERT', 'UPDATE', 'DELETE'] as const;
  const name = (t: string, op: string) => `${CHANGE_COUNTER_TABLE}_${t}_${op.toLowerCase()}`;
  // Recreated at every start, so a table newly left out (or a changed condition) takes effect on old databases too.
  const statements = [
    ...all.flatMap((t) => ops.map((op) => `DROP TRIGGER IF EXISTS ${name(t, op)}`)),
    ...all
      .filter((t) => !NOT_SHOWN.has(t))
      .flatMap((t) =>
        ops.map((op) => {
          const when = ROWS_NOT_SHOWN[t] ? ` WHEN NOT (${ROWS_NOT_SHOWN[t](op === 'DELETE' ? 'OLD' : 'NEW')})` : '';
          return `CREATE TRIGGER ${name(t, op)} AFTER ${op} ON "${t}"${when} BEGIN UPDATE ${CHANGE_COUNTER_TABLE} SET n = n + 1 WHERE id = 1; END`;
        }),
      ),
  ];
  if (statements.length) await client.batch(statements, 'write');
}
