/** The ingest lock on a real libSQL file: one holder at a time, released or taken over when its process is gone. */
import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { acquireLock, lockHolder, lockOwner, releaseLock, takeOverDeadHolder } from '#lib/server/ingest/lock.ts';

let db: Database;
let close: () => void;

beforeAll(async () => {
  const url = `file:${join(mkdtempSync(join(tmpdir(), 'rwa-lock-')), 'app.db')}`;
  const opened = openDatabase({ url });
  db = opened.db;
  close = () => opened.client.close();
  await migrateDatabase(db, opened.client, url);
});
afterAll(() => close());

describe('ingest lock', () => {
  it('admits one holder; the other is refused until the first releases', async () => {
    const a = lockOwner();
    const b = lockOwner();
    expect(await acquireLock(db, a, 60_000)).toBe(true);
    expect(await acquireLock(db, b, 60_000)).toBe(false);
    expect(await lockHolder(db)).toBe(a);
    // A live holder on this host (this very process) is not taken over.
    expect(await takeOverDeadHolder(db, b, 60_000)).toBe(false);
    await releaseLock(db, a);
    expect(await acquireLock(db, b, 60_000)).toBe(true);
    await releaseLock(db, b);
  });

  it('an expired lease is free again', async () => {
    expect(await acquireLock(db, lockOwner(), -1)).toBe(true);
    const c = lockOwner();
    expect(await acquireLock(db, c, 60_000)).toBe(true);
    await releaseLock(db, c);
  });

  it('a holder on this host whose process is gone is taken over at once', async () => {
    const dead = `${hostname()}:999999999:x`;
    expect(await acquireLock(db, dead, 60_000)).toBe(true);
    const d = lockOwner();
    expect(await acquireLock(db, d, 60_000)).toBe(false);
    expect(await takeOverDeadHolder(db, d, 60_000)).toBe(true);
    expect(await lockHolder(db)).toBe(d);
    await releaseLock(db, d);
  });

  it('a holder on another host waits for its lease to run out', async () => {
    expect(await acquireLock(db, 'other-host:1:x', 60_000)).toBe(true);
    expect(await takeOverDeadHolder(db, lockOwner(), 60_000)).toBe(false);
  });
});
