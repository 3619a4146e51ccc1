/**
 * `npm run db:restore -- <backup file>`: puts a backup made by `npm run db:backup` back in place of
 * the database named by DATABASE_URL (default file:./data/app.db).
 *
 *   1. Stop the server (this script refuses while http://HOST:PORT answers, unless --force).
 *   2. npm run db:restore -- data/backups/app-<timestamp>.db
 *      The backup is checked first; the current database is kept as data/backups/pre-restore-<timestamp>.db;
 *      its -wal and -shm files are removed so SQLite cannot replay them over the restored copy.
 *   3. Start the server (npm run serve): migrations newer than the backup run on start.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client';
import { isLocalFile } from '#db/local-file.ts';
import { configOrExit } from '#lib/server/config.ts';
import { rowText } from '#db/row-text.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => !a.startsWith('--'));
if (!file || !existsSync(file)) {
  console.error('Usage: npm run db:restore -- <backup file> [--force]   (stop the server first)');
  process.exit(1);
}
const {
  database: { url },
  host,
  port,
} = configOrExit();
if (!isLocalFile(url)) {
  console.error(`db:restore writes a local database file; ${url} is remote.`);
  process.exit(1);
}
const rest = url.slice('file:'.length).split('?')[0];
const dbPath = rest.startsWith('//') ? fileURLToPath(url.split('?')[0]) : resolve(rest);

if (!force) {
  const running = await fetch(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/api/auth/me`, {
    signal: AbortSignal.timeout(1000),
  })
    .then(() => true)
    .catch(() => false);
  if (running) {
    console.error(`A server answers on ${host}:${port}: stop it first (or pass --force if it uses another database).`);
    process.exit(1);
  }
}

const backup = createClient({ url: `file:${resolve(file)}` });
const integrity = rowText(Object.values((await backup.execute('PRAGMA integrity_check')).rows[0])[0]);
backup.close();
if (integrity !== 'ok') {
  console.error(`${file} fails its integrity check: ${integrity}`);
  process.exit(1);
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
mkdirSync(dirname(dbPath), { recursive: true });
if (existsSync(dbPath)) {
  const keep = resolve(dirname(dbPath), 'backups', `pre-restore-${stamp}.db`);
  mkdirSync(dirname(keep), { recursive: true });
  const current = createClient({ url: `file:${dbPath}` });
  await current.execute({ sql: 'VACUUM INTO ?', args: [keep] });
  current.close();
  console.log(`current database kept as ${keep}`);
}
for (const suffix of ['-wal', '-shm']) rmSync(dbPath + suffix, { force: true });
copyFileSync(resolve(file), dbPath);
console.log(`restored ${resolve(file)} -> ${dbPath}; start the server now.`);
