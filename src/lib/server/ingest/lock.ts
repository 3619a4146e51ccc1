/**
 * A lease in the database so that two ingest runs never overlap (two server instances with
 * INGEST_SCHEDULE, or the CLI while a server runs one). Taking it is a single conditional upsert:
 * it succeeds only when the row is absent or its lease has expired, which SQLite and a libSQL
 * server decide atomically. A crashed holder's lease expires by itself.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { ingestLock } from '#db/schema/index.ts';

const NAME = 'ingest';

/** `name`: the run's lock by default; another name is another lease in the same table (auto.ts's trigger). */
export async function acquireLock(db: Database, owner: string, ttlMs: number, name = NAME): Promise<boolean> {
  const now = Date.now();
  const rows = await db
    .insert(ingestLock)
    .values({ name, owner, expiresAt: now + ttlMs })
    .onConflictDoUpdate({
      target: ingestLock.name,
      set: { owner, expiresAt: now + ttlMs },
      setWhere: sql`${ingestLock.expiresAt} < ${now} OR ${ingestLock.owner} = ${owner}`,
    })
    .returning({ owner: ingestLock.owner });
  return rows.length === 1 && rows[0].owner === owner;
}

/** Extends the lease while a long run works. */
export async function renewLock(db: Database, owner: string, ttlMs: number): Promise<void> {
  await db
    .update(ingestLock)
    .set({ expiresAt: Date.now() + ttlMs })
    .where(sql`${ingestLock.name} = ${NAME} AND ${ingestLock.owner} = ${owner}`);
}

export async function releaseLock(db: Database, owner: string): Promise<void> {
  await db.delete(ingestLock).where(sql`${ingestLock.name} = ${NAME} AND ${ingestLock.owner} = ${owner}`);
}

/** An owner id that says where the holder runs: `host:pid:random`. */
export function lockOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID()}`;
}

/**
 * A holder on this host whose process is gone (killed with -9) cannot release its lease; it is
 * taken over at once instead of after the lease runs out. Holders on other hosts wait for expiry.
 */
export async function takeOverDeadHolder(db: Database, owner: string, ttlMs: number): Promise<boolean> {
  const holder = await lockHolder(db);
  if (!holder) return acquireLock(db, owner, ttlMs);
  const [host, pid] = holder.split(':');
  if (host !== hostname() || !/^\d+$/.test(pid ?? '') || processAlive(Number(pid))) return false;
  const rows = await db
    .update(ingestLock)
    .set({ owner, expiresAt: Date.now() + ttlMs })
    .where(sql`${ingestLock.name} = ${NAME} AND ${ingestLock.owner} = ${holder}`)
    .returning({ owner: ingestLock.owner });
  return rows.length === 1;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function lockHolder(db: Database): Promise<string | undefined> {
  const [row] = await db.select().from(ingestLock).where(eq(ingestLock.name, NAME));
  return row && row.expiresAt > Date.now() ? row.owner : undefined;
}
