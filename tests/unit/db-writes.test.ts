/** db/writes.ts on a real libSQL file: a committed write is reported, a read is not, a rolled-back transaction is not. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { mayWrite, watchWrites } from '#lib/server/db/writes.ts';

let writes = 0;
const raw = createClient({ url: `file:${join(mkdtempSync(join(tmpdir(), 'rwa-writes-')), 'app.db')}` });
const client = watchWrites(raw, () => writes++);
afterAll(() => raw.close());

describe('watchWrites', () => {
  it('reports writes once they are done, never reads', async () => {
    await client.execute('CREATE TABLE t (n INTEGER)');
    expect(writes).toBe(1);
    await client.execute({ sql: 'INSERT INTO t VALUES (?)', args: [1] });
    expect(writes).toBe(2);
    expect((await client.execute('SELECT count(*) AS c FROM t')).rows[0].c).toBe(1);
    await client.batch(['SELECT 1', 'SELECT n FROM t'], 'read');
    expect(writes).toBe(2);
    await client.batch([{ sql: 'INSERT INTO t VALUES (?)', args: [2] }], 'write');
    expect(writes).toBe(3);
  });

  it('reports a transaction at its commit, not at a rollback', async () => {
    const before = writes;
    const tx = await client.transaction('write');
    await tx.execute('INSERT INTO t VALUES (3)');
    expect(writes).toBe(before);
    await tx.commit();
    expect(writes).toBe(before + 1);
    const rolledBack = await client.transaction('write');
    await rolledBack.execute('INSERT INTO t VALUES (4)');
    await rolledBack.rollback();
    expect(writes).toBe(before + 1);
    expect((await client.execute('SELECT count(*) AS c FROM t')).rows[0].c).toBe(3);
  });

  it('counts anything but a plain SELECT as a possible write', () => {
    expect(mayWrite('  select 1')).toBe(false);
    expect(mayWrite('PRAGMA journal_mode = WAL')).toBe(true);
    expect(mayWrite({ sql: 'WITH x AS (SELECT 1) UPDATE t SET n = 1', args: [] })).toBe(true);
  });
});
