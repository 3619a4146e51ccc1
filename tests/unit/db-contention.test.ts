/**
 * db/contention.ts: which errors are a lost race for the write lock (checked against the error a real
 * libSQL file gives), how a lost transaction is run again, and the 503 once it cannot go through.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, LibsqlError, type Client } from '@libsql/client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ATTEMPTS, backoffMs, BUSY_MESSAGE, isContention, retryContended, rollbacksKeepCause } from '#lib/server/db/contention.ts';
import { HttpError } from '#lib/server/http/http-error.ts';

const url = `file:${join(mkdtempSync(join(tmpdir(), 'rwa-contention-')), 'app.db')}`;
const holder = createClient({ url });
const other = createClient({ url, timeout: 50 });
afterAll(() => {
  holder.close();
  other.close();
});

/** What sqld's HTTP client throws when the server took the lock away (code passed through as is). */
const timedOut = () => new LibsqlError('TRANSACTION_TIMEOUT: Transaction timed out', 'TRANSACTION_TIMEOUT');
/** As drizzle wraps a failed statement: the libSQL error is its cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: insert into ...'), { cause });

describe('isContention', () => {
  it('knows a write lock held by another connection of a real libSQL file', async () => {
    await holder.execute('CREATE TABLE t (n INTEGER)');
    const tx = await holder.transaction('write');
    await tx.execute('INSERT INTO t VALUES (1)');
    const lost = await other.execute('INSERT INTO t VALUES (2)').catch((e: unknown) => e);
    await tx.rollback();
    expect((lost as LibsqlError).code).toBe('SQLITE_BUSY');
    expect(isContention(lost)).toBe(true);
    expect(isContention(wrapped(lost))).toBe(true);
  });

  it("knows sqld's transaction timeout, however deep it is wrapped", () => {
    expect(isContention(timedOut())).toBe(true);
    expect(isContention(wrapped(wrapped(timedOut())))).toBe(true);
  });

  it("knows sqld's expired stream (a transaction left idle too long, rolled back by the server)", () => {
    const expired = new LibsqlError('STREAM_EXPIRED: The stream has expired due to inactivity', 'STREAM_EXPIRED');
    expect(isContention(wrapped(expired))).toBe(true);
  });

  it('leaves every other error alone: a constraint, a closed transaction, a plain error', () => {
    expect(isContention(new LibsqlError('UNIQUE constraint failed: blog_posts.slug', 'SQLITE_CONSTRAINT'))).toBe(false);
    expect(isContention(new LibsqlError('closed', 'TRANSACTION_CLOSED'))).toBe(false);
    expect(isContention(new Error('database is locked'))).toBe(false);
    expect(isContention(undefined)).toBe(false);
  });
});

describe('retryContended', () => {
  const noWait = { wait: async () => {}, random: () => 0.5 };

  it('runs a transaction that lost the lock again from the start, and returns its result', async () => {
    let runs = 0;
    const result = await retryContended(async () => {
      if (++runs < ATTEMPTS) throw wrapped(timedOut());
      return 'saved';
    }, noWait);
    expect(result).toBe('saved');
    expect(runs).toBe(ATTEMPTS);
  });

  it('answers 503 with Retry-After once every attempt lost the lock', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let runs = 0;
    const err = await retryContended(async () => {
      runs++;
      throw timedOut();
    }, noWait).catch((e: unknown) => e);
    expect(runs).toBe(ATTEMPTS);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(503);
    expect((err as HttpError).message).toBe(BUSY_MESSAGE);
    expect(Number((err as HttpError).headers?.['Retry-After'])).toBeGreaterThan(0);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('never runs again after any other error (it may have been a commit that went through)', async () => {
    let runs = 0;
    const boom = new Error('fetch failed');
    await expect(
      retryContended(async () => {
        runs++;
        throw boom;
      }, noWait),
    ).rejects.toBe(boom);
    expect(runs).toBe(1);
  });

  it('waits a jittered, growing backoff between attempts', async () => {
    const waits: number[] = [];
    await retryContended(
      async () => {
        if (waits.length < ATTEMPTS - 1) throw timedOut();
      },
      { wait: async (ms) => void waits.push(ms), random: () => 0.5 },
    ).catch(() => {});
    expect(waits).toEqual([backoffMs(1, () => 0.5), backoffMs(2, () => 0.5)]);
    expect(backoffMs(1, () => 0)).toBe(50);
    expect(backoffMs(1, () => 0.999)).toBeLessThanOrEqual(150);
    expect(backoffMs(2, () => 0)).toBe(100);
    expect(backoffMs(2, () => 0.999)).toBeLessThanOrEqual(300);
  });
});

describe('rollbacksKeepCause', () => {
  it("drops a rollback's own failure, so the error that led to it is the one seen", async () => {
    // sqld's answer to the ROLLBACK drizzle sends after the server ended the transaction itself.
    const gone = new LibsqlError('SQLite error: cannot rollback - no transaction is active', 'SQLITE_UNKNOWN');
    const tx = { rollback: () => Promise.reject(gone), commit: () => Promise.resolve(), closed: false };
    const client = rollbacksKeepCause({ transaction: () => Promise.resolve(tx) } as unknown as Client);
    const wrapped = await client.transaction('write');
    await expect(wrapped.rollback()).resolves.toBeUndefined();
    await expect(wrapped.commit()).resolves.toBeUndefined();
    expect(wrapped.closed).toBe(false);
  });

  it('on a real libSQL file, a transaction still rolls back', async () => {
    const client = rollbacksKeepCause(holder);
    const tx = await client.transaction('write');
    await tx.execute('INSERT INTO t VALUES (9)');
    await tx.rollback();
    expect((await holder.execute('SELECT count(*) AS c FROM t WHERE n = 9')).rows[0].c).toBe(0);
  });
});
