/**
 * A Node server that starts while the content remote is down, with a save still open from before a
 * kill -9, delivers it once the remote is back, without waiting for another save (the start hands
 * what it could not deliver to the worker's retry policy and its sweep).
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '@libsql/client';
import { api, loginCookie } from '../support/http.ts';
import { startContentRemote, startInstance, startSqld, trailerCounts, type ContentRemote, type RunningSqld } from '../support/sqld.ts';
import type { RunningServer } from '../support/server.ts';

let sqld: RunningSqld | undefined;
let remote: ContentRemote | undefined;
const servers: RunningServer[] = [];

afterAll(async () => {
  for (const s of servers.reverse()) await s.stop().catch(() => undefined);
  await remote?.git.close().catch(() => undefined);
  await sqld?.stop();
  if (remote) rmSync(remote.dir, { recursive: true, force: true });
});

describe('a Node server started while the remote is down', () => {
  it('pushes the save left open once the remote is back, with no further save', { timeout: 180_000 }, async () => {
    [sqld, remote] = await Promise.all([startSqld(), startContentRemote()]);
    const first = await startInstance('node', sqld, remote);
    servers.push(first);
    const cookie = await loginCookie(first.baseUrl);
    await remote.git.close();
    const title = `Left open ${Math.random().toString(36).slice(2, 8)}`;
    expect((await api(first.baseUrl, '/api/blog/posts', { cookie, body: { title, content: 'x', published: true } })).status).toBe(201);
    await first.kill();

    // Same folder (its clone, with the local commit the push never took), remote still down.
    const second = await startInstance('node', sqld, remote, { dir: first.dir });
    servers.push(second);
    const c = createClient({ url: sqld.url, authToken: sqld.authToken });
    const rs = await c.execute({
      sql: 'SELECT uid, committed_at FROM content_revisions WHERE message = ?',
      args: [`Create blog post "${title}"`],
    });
    c.close();
    expect(rs.rows).toHaveLength(1);
    expect(rs.rows[0].committed_at).toBeNull();
    const uid = String(rs.rows[0].uid);

    await remote.git.listen();
    await expect.poll(() => trailerCounts(remote!.messages()).get(uid) ?? 0, { timeout: 60_000, interval: 250 }).toBe(1);
  });
});
