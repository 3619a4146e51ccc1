/**
 * The sign-in throttle (src/lib/server/auth/rate-limit.ts) on a real libSQL file: refused attempts
 * write nothing, the table never holds more than its cap, and an IPv6 /64 counts as one address.
 * (The HTTP side, a spray that cannot lock the owner out, is in tests/api/auth.test.ts.)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';

const url = `file:${join(mkdtempSync(join(tmpdir(), 'rwa-throttle-')), 'app.db')}`;
// The app's database (getDb) opens from DATABASE_URL on first use: point it at the scratch file.
process.env.DATABASE_URL = url;
const { LOGIN_THROTTLE_MAX_ROWS, addressBucket, takeLoginAttempt } = await import('#lib/server/auth/rate-limit.ts');

const opened = openDatabase({ url });
beforeAll(() => migrateDatabase(opened.db, opened.client, url));
afterAll(() => opened.client.close());

const rows = async () => Number((await opened.client.execute('SELECT count(*) AS n FROM login_throttle')).rows[0].n);
const snapshot = async () => JSON.stringify((await opened.client.execute('SELECT * FROM login_throttle ORDER BY key')).rows);
const status = (p: Promise<void>) =>
  p.then(
    () => 'checked',
    (e: { status?: number }) => e.status,
  );

describe('takeLoginAttempt', () => {
  it('1,000 refused attempts write nothing', async () => {
    await opened.client.execute('DELETE FROM login_throttle');
    const results: Array<string | number | undefined> = [];
    for (let i = 0; i < 20; i++) results.push(await status(takeLoginAttempt(`name-${i}`, '198.51.100.7')));
    expect(results).toEqual(Array(20).fill('checked'));
    const before = await snapshot();
    expect(await rows()).toBe(21); // 20 (name, address) pairs and the address
    for (let i = 0; i < 1000; i++) results.push(await status(takeLoginAttempt(`random-${i}-${Math.random()}`, '198.51.100.7')));
    expect(results.slice(20)).toEqual(Array(1000).fill(429));
    expect(await rows()).toBe(21);
    // Not even a count raised: the rows are byte for byte what they were.
    expect(await snapshot()).toBe(before);
  });

  it('a refused pair raises neither the pair nor the address', async () => {
    await opened.client.execute('DELETE FROM login_throttle');
    for (let i = 0; i < 5; i++) await takeLoginAttempt('admin', '198.51.100.8');
    for (let i = 0; i < 50; i++) expect(await status(takeLoginAttempt('ADMIN', '198.51.100.8'))).toBe(429);
    const counts = Object.fromEntries(
      (await opened.client.execute('SELECT key, attempts FROM login_throttle')).rows.map((r) => [r.key, r.attempts]),
    );
    expect(counts).toEqual({ 'pair:admin|198.51.100.8': 5, 'ip:198.51.100.8': 5 });
    // The same account from another address is checked.
    expect(await status(takeLoginAttempt('admin', '198.51.100.9'))).toBe('checked');
  });

  it('holds the table at its cap, keeping the newest windows', async () => {
    await opened.client.execute('DELETE FROM login_throttle');
    // A table already full of windows that have not ended (as a guesser with many addresses would leave it).
    const start = Date.now() - 60_000;
    await opened.client.execute({
      sql: `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
            INSERT INTO login_throttle (key, attempts, window_start) SELECT 'ip:filler-' || i, 1, ? + i FROM n`,
      args: [LOGIN_THROTTLE_MAX_ROWS - 1, start],
    });
    expect(await rows()).toBe(LOGIN_THROTTLE_MAX_ROWS);
    for (let i = 0; i < 30; i++) expect(await status(takeLoginAttempt('admin', `203.0.113.${i}`))).toBe('checked');
    expect(await rows()).toBe(LOGIN_THROTTLE_MAX_ROWS);
    // The newest attempt's rows are kept; the oldest fillers went.
    const kept = await opened.client.execute("SELECT key FROM login_throttle WHERE key IN ('pair:admin|203.0.113.29', 'ip:filler-0')");
    expect(kept.rows.map((r) => r.key)).toEqual(['pair:admin|203.0.113.29']);
  });

  it('counts an IPv6 /64 as one address, however it is written', () => {
    expect(addressBucket('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:0db8:0001:0002::/64');
    expect(addressBucket('2001:DB8:1:2::1')).toBe('2001:0db8:0001:0002::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(addressBucket('::1')).toBe('0000:0000:0000:0000::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
    expect(addressBucket('64:ff9b::192.0.2.1')).toBe('0064:ff9b:0000:0000::/64');
    expect(addressBucket('198.51.100.7')).toBe('198.51.100.7');
  });

  it('rotating addresses inside one /64 meets the same limits', async () => {
    await opened.client.execute('DELETE FROM login_throttle');
    const results: Array<string | number | undefined> = [];
    for (let i = 1; i <= 7; i++) results.push(await status(takeLoginAttempt('admin', `2001:db8:5:6::${i.toString(16)}`)));
    expect(results).toEqual([...Array(5).fill('checked'), 429, 429]);
  });
});
