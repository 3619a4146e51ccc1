import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Client } from '@libsql/client';
import { rowText } from './row-text.ts';

/**
 * A lease held as a row in the database itself, so every process that shares the database (two
 * Node servers on one sqld, a build, a function) sees the same lock, whatever machine it runs on.
 * Used around a start's migrations and seeding: two instances starting at once on an empty
 * database must not both create the tables or both insert the first admin.
 *
 * A lease, not a plain lock: a holder killed mid-way (kill -9, a function recycled) leaves its row,
 * and the next one takes it over once `leaseMs` has passed since the holder last renewed it, or at
 * once when the holder was a process of the same machine that is gone.
 */
export const LOCK_TABLE = '_rwa_lock';

export class LockTimeoutError extends Error {}

export interface LockOptions {
  leaseMs?: number;
  waitMs?: number;
  pollMs?: number;
}

/** "host:pid:random": a holder on this machine whose process is gone can be told from a live one. */
const holderId = () => `${hostname()}:${process.pid}:${randomUUID()}`;

/** True when `holder` is a process of this machine that no longer runs (killed -9 while holding). */
export function holderIsDead(holder: string, host = hostname()): boolean {
  const [h, pid] = holder.split(':');
  if (h !== host || !/^\d+$/.test(pid ?? '')) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as { code?: string }).code === 'ESRCH';
  }
}

async function tryAcquire(client: Client, name: string, holder: string, leaseMs: number): Promise<boolean> {
  const now = Date.now();
  // A holder on this machine that was killed: no need to wait for its lease to run out.
  const current = await client.execute({ sql: `SELECT holder FROM ${LOCK_TABLE} WHERE name = ?`, args: [name] });
  const previous = current.rows[0] ? rowText(current.rows[0].holder) : null;
  if (previous && holderIsDead(previous)) {
    const taken = await client.execute({
      sql: `UPDATE ${LOCK_TABLE} SET holder = ?, expires_at = ? WHERE name = ? AND holder = ?`,
      args: [holder, now + leaseMs, name, previous],
    });
    if (taken.rowsAffected > 0) return true;
  }
  // One statement: insert, or take over an expired lease; it changes a row only when we got it.
  const rs = await client.execute({
    sql: `INSERT INTO ${LOCK_TABLE} (name, holder, expires_at) VALUES (?, ?, ?)
          ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
          WHERE ${LOCK_TABLE}.expires_at < ?`,
    args: [name, holder, now + leaseMs, now],
  });
  return rs.rowsAffected > 0;
}

/** Runs `fn` while holding the named lease; waits for another holder (at most `waitMs`). */
export async function withDatabaseLock<T>(client: Client, name: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const { leaseMs = 15_000, waitMs = 180_000, pollMs = 100 } = options;
  await client.execute(
    `CREATE TABLE IF NOT EXISTS ${LOCK_TABLE} (name TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at INTEGER NOT NULL)`,
  );
  const holder = holderId();
  const deadline = Date.now() + waitMs;
  while (!(await tryAcquire(client, name, holder, leaseMs))) {
    if (Date.now() > deadline)
      throw new LockTimeoutError(`Another process has held the database lock "${name}" for over ${Math.round(waitMs / 1000)} s.`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
  // Renew while working, so a long step (the first seed over a slow link) never loses the lease.
  const renew = setInterval(() => {
    void client
      .execute({ sql: `UPDATE ${LOCK_TABLE} SET expires_at = ? WHERE name = ? AND holder = ?`, args: [Date.now() + leaseMs, name, holder] })
      .catch(() => undefined);
  }, leaseMs / 3);
  renew.unref?.();
  try {
    return await fn();
  } finally {
    clearInterval(renew);
    await client.execute({ sql: `DELETE FROM ${LOCK_TABLE} WHERE name = ? AND holder = ?`, args: [name, holder] }).catch(() => undefined);
  }
}
