/**
 * One database per test run, prepared by a real first start of the built server (migrations, the
 * admin, the snapshot, the content index), that later default starts copy instead of preparing their
 * own, with the scratch content repository that start ran on: a first start costs about a second of
 * CPU more than a start on a prepared database, a new git repository about 0.15 s, and a run starts
 * dozens of servers. The copy is the same libSQL file a first start leaves (checkpointed into one
 * file), so each server still opens, migrates (nothing to do) and serves a real database of its own.
 *
 * Per run, never across runs: the folder is named after the vitest process (its pid and start
 * time), so a run never finds a database that older code or older data prepared. A run's first
 * caller prepares it (in any of its worker processes); the others wait for it. Folders of runs whose
 * vitest process is gone are removed by the next run that prepares one.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

const ROOT = join(tmpdir(), 'rwa-prepared-db');
const WAIT_MS = 180_000;

/** The vitest process of this run as "pid-starttime", or undefined outside a vitest run. */
function runId(): string | undefined {
  if (!process.env.VITEST) return undefined;
  // A forked worker (the default pool) is a child of the vitest process; a worker thread is inside it.
  const pid = isMainThread && process.env.VITEST_POOL_ID ? process.ppid : process.pid;
  const started = startTime(pid);
  return started === undefined ? undefined : `${pid}-${started}`;
}

/** The process's start time in clock ticks since boot (/proc/PID/stat, field 22): a reused pid has another. */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Removes the folders of runs whose vitest process has ended (or whose pid another process has taken). */
function removeEndedRuns(current: string) {
  for (const name of readdirSync(ROOT)) {
    const [pid] = name.split('-');
    if (name === current || (alive(Number(pid)) && `${pid}-${startTime(Number(pid))}` === name)) continue;
    rmSync(join(ROOT, name), { recursive: true, force: true });
  }
}

/** Folds the write-ahead log into the file, so one file is the whole database (the server was stopped by a signal). */
async function checkpoint(file: string) {
  const { createClient } = await import('@libsql/client');
  const client = createClient({ url: `file:${file}` });
  try {
    await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    client.close();
  }
  const wal = `${file}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) throw new Error(`prepared database: ${wal} was not folded into the file`);
  rmSync(wal, { force: true });
  rmSync(`${file}-shm`, { force: true });
}

/** The pid of the process preparing the folder's database (0 in the moment before it is written). */
function ownerOf(dir: string): number {
  try {
    return Number(readFileSync(join(dir, 'owner'), 'utf8'));
  } catch {
    return 0;
  }
}

/** What a start copies: the database file and the content repository it was prepared with. */
export interface Prepared {
  database: string;
  contentRepo: string;
}

/** The folder's result once its database is there (moved in last, after the content repository). */
const preparedIn = (dir: string): Prepared | undefined =>
  existsSync(join(dir, 'app.db')) ? { database: join(dir, 'app.db'), contentRepo: join(dir, 'content-repo') } : undefined;

async function waitForOther(dir: string): Promise<Prepared | undefined> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const ready = preparedIn(dir);
    if (ready) return ready;
    if (existsSync(join(dir, 'failed'))) return undefined;
    const owner = ownerOf(dir);
    // The process preparing it ended without a result (a crashed worker), or took too long: start fresh.
    if ((owner && !alive(owner)) || Date.now() > deadline) return undefined;
    await new Promise((r) => setTimeout(r, 100));
  }
}

let ours: Promise<Prepared | undefined> | undefined;

/**
 * This run's prepared database file and content repository, to copy; undefined outside a vitest run,
 * or when its preparation failed: the caller then starts on an empty database, as a first start, and a
 * first start that fails fails there with its own output. `prepare(dir)` leaves a stopped server's
 * database at dir/app.db and its content repository at dir/content-repo.
 */
export function preparedDatabase(prepare: (dir: string) => Promise<void>): Promise<Prepared | undefined> {
  if (ours) return ours;
  const id = runId();
  if (!id) return Promise.resolve(undefined);
  const dir = join(ROOT, id);
  const ready = preparedIn(dir);
  if (ready) return Promise.resolve(ready);
  mkdirSync(ROOT, { recursive: true });
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (ours = waitForOther(dir));
  }
  writeFileSync(join(dir, 'owner'), String(process.pid));
  ours = (async () => {
    removeEndedRuns(id);
    const work = join(dir, 'work');
    try {
      await prepare(work);
      await checkpoint(join(work, 'app.db'));
      renameSync(join(work, 'content-repo'), join(dir, 'content-repo'));
      renameSync(join(work, 'app.db'), join(dir, 'app.db'));
      rmSync(work, { recursive: true, force: true });
      return preparedIn(dir);
    } catch (error) {
      writeFileSync(join(dir, 'failed'), String(error));
      console.warn(`No prepared database for this run, every start prepares its own: ${String(error)}`);
      return undefined;
    }
  })();
  return ours;
}
