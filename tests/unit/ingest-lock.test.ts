/** The ingest lock on a real libSQL file: one holder at a time, released or taken over when its process is gone. */
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { acquireLock, lockHolder, lockOwner, releaseLock, takeOverDeadHolder } from '#lib/server/ingest/lock.ts';
import { useScratchDatabase } from '../support/scratch-db.ts';

const scratch = useScratchDatabase('ingest-lock');

describe('ingest lock', () => {
  it('admits one holder; the other is refused until the first releases', async () => {
    const a = lockOwner();
    const b = lockOwner();
    expect(await acquireLock(scratch().db, a, 60_000)).toBe(true);
    expect(await acquireLock(scratch().db, b, 60_000)).toBe(false);
    expect(await lockHolder(scratch().db)).toBe(a);
    // A live holder on this host (this very process) is not taken over.
    expect(await takeOverDeadHolder(scratch().db, b, 60_000)).toBe(false);
    await releaseLock(scratch().db, a);
    expect(await acquireLock(scratch().db, b, 60_000)).toBe(true);
    await releaseLock(scratch().db, b);
  });

  it('an expired lease is free again', async () => {
    expect(await acquireLock(scratch().db, lockOwner(), -1)).toBe(true);
    const c = lockOwner();
    expect(await acquireLock(scratch().db, c, 60_000)).toBe(true);
    await releaseLock(scratch().db, c);
  });

  it('a holder on this host whose process is gone is taken over at once', async () => {
    const dead = `${hostname()}:999999999:x`;
    expect(await acquireLock(scratch().db, dead, 60_000)).toBe(true);
    const d = lockOwner();
    expect(await acquireLock(scratch().db, d, 60_000)).toBe(false);
    expect(await takeOverDeadHolder(scratch().db, d, 60_000)).toBe(true);
    expect(await lockHolder(scratch().db)).toBe(d);
    await releaseLock(scratch().db, d);
  });

  it('a holder on another host waits for its lease to run out', async () => {
    expect(await acquireLock(scratch().db, 'other-host:1:x', 60_000)).toBe(true);
    expect(await takeOverDeadHolder(scratch().db, lockOwner(), 60_000)).toBe(false);
  });
});
