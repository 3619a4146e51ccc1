/**
 * A lease in the database so that two ingest runs never overlap (two server instances with
 * INGEST_SCHEDULE, or the CLI while a server runs one). Taking it is a single conditional upsert:
 * it succeeds only when the row is absent or its lease has expired, which SQLite and a libSQL
 * server decide atomically. A crashed holder's lease expires by itself.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client.ts';
import { ingestLock } from '../../../../db/schema/index.ts';

const NAME = 'ingest';

export async function acquireLock(db: Database, owner: string, ttlMs: number): Promise<boolean> {
  const now = Date.now();
  const rows = await db
    .insert(ingestLock)
    .values({ name: NAME, owner, expiresAt: now + ttlMs })
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
  await db.update(ingestLock).set({ expiresAt: Date.now() + ttlMs }).where(sql`${ingestLock.name} = ${NAME} AND ${ingestLock.owner} = ${owner}`);
}

export async function releaseLock(db: Database, owner: string): Promise<void> {
  await db.delete(ingestLock).where(sql`${ingestLock.name} = ${NAME} AND ${ingestLock.owner} = ${owner}`);
}

export async function lockHolder(db: Database): Promise<string | undefined> {
  const [row] = await db.select().from(ingestLock).where(eq(ingestLock.name, NAME));
  return row && row.expiresAt > Date.now() ? row.owner : undefined;
}
