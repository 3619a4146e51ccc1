import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { holderIsDead, LockTimeoutError, withDatabaseLock } from '#db/lock.ts';
import { useScratchDatabase } from '../support/scratch-db.ts';

describe('holderIsDead: a lease of a killed process on this machine is taken over at once', () => {
  it('tells a gone process from a live one, and never judges another machine', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    const pid = child.pid!;
    expect(holderIsDead(`${hostname()}:${pid}:x`)).toBe(false);
    child.kill('SIGKILL');
    await new Promise((ok) => child.once('exit', ok));
    expect(holderIsDead(`${hostname()}:${pid}:x`)).toBe(true);
    expect(holderIsDead(`${hostname()}:${process.pid}:x`)).toBe(false);
    expect(holderIsDead(`another-host:${pid}:x`)).toBe(false);
    expect(holderIsDead('a-uuid-from-an-old-release')).toBe(false);
  });
});

describe('withDatabaseLock', () => {
  const scratch = useScratchDatabase('unit-lock');

  it('the lease: a live holder makes others wait (and time out); an expired one is taken over', async () => {
    const client = scratch().db.$client;
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 3 }, () =>
        withDatabaseLock(client, 'unit', async () => {
          most = Math.max(most, ++inside);
          await new Promise((r) => setTimeout(r, 30));
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    await client.execute({
      sql: 'INSERT INTO _rwa_lock (name, holder, expires_at) VALUES (?, ?, ?)',
      args: ['held', 'someone', Date.now() + 60_000],
    });
    await expect(withDatabaseLock(client, 'held', async () => 1, { waitMs: 200, pollMs: 20 })).rejects.toBeInstanceOf(LockTimeoutError);
    await client.execute({ sql: 'UPDATE _rwa_lock SET expires_at = ? WHERE name = ?', args: [Date.now() - 1, 'held'] });
    expect(await withDatabaseLock(client, 'held', async () => 'taken over', { waitMs: 200, pollMs: 20 })).toBe('taken over');
  });
});
