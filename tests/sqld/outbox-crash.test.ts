/**
 * Acknowledged means kept, on a function host: a save acknowledged by a library-mode instance (run
 * as a Netlify function would) that is then killed -9 while the content remote is down, followed by
 * a build's `npm run db:setup` while it is still down, reaches the remote exactly once when the
 * remote is back and an instance runs again. The build must not mark the save done: its checkout
 * is thrown away, and before, it committed the open rows there and marked them although the push failed.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '@libsql/client';
import { api, loginCookie } from '../support/http.ts';
import { gitOut } from '../support/git.ts';
import {
  GIT_TOKEN,
  startContentRemote,
  startInstance,
  startSqld,
  trailerCounts,
  type ContentRemote,
  type RunningSqld,
} from '../support/sqld.ts';
import { childNodeOptions, type RunningServer } from '../support/server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
let sqld: RunningSqld | undefined;
let remote: ContentRemote | undefined;
const instances: RunningServer[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const s of instances) await s.stop().catch(() => undefined);
  await remote?.git.close().catch(() => undefined);
  await sqld?.stop();
  for (const d of [...dirs, remote?.dir]) if (d) rmSync(d, { recursive: true, force: true });
});

/** The Netlify build's `npm run db:setup` in a throwaway checkout of the site (detached, as Netlify checks out). */
function buildDbSetup(): Promise<{ code: number; out: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'rwa-build-'));
  dirs.push(dir);
  gitOut(dir, 'clone', '--quiet', remote!.bare, 'checkout');
  gitOut(join(dir, 'checkout'), 'checkout', '--quiet', '--detach');
  mkdirSync(join(dir, 'tmp'));
  return new Promise((ok) => {
    execFile(
      process.execPath,
      ['scripts/db-setup.ts'],
      {
        cwd: ROOT,
        timeout: 120_000,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          TMPDIR: join(dir, 'tmp'),
          DEPLOY_TARGET: 'netlify',
          CONTEXT: 'production',
          DATABASE_URL: sqld!.url,
          DATABASE_AUTH_TOKEN: sqld!.authToken,
          CONTENT_DIR: join(dir, 'checkout', 'content'),
          CONTENT_GIT_REMOTE: remote!.url,
          CONTENT_GIT_TOKEN: GIT_TOKEN,
          CONTENT_GIT_BRANCH: 'main',
          NODE_OPTIONS: childNodeOptions({}),
        },
      },
      (error, stdout, stderr) => ok({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

async function revision(title: string): Promise<{ uid: string; committedAt: unknown }> {
  const c = createClient({ url: sqld!.url, authToken: sqld!.authToken });
  try {
    const rs = await c.execute({
      sql: 'SELECT uid, committed_at FROM content_revisions WHERE message = ?',
      args: [`Create blog post "${title}"`],
    });
    expect(rs.rows).toHaveLength(1);
    return { uid: String(rs.rows[0].uid), committedAt: rs.rows[0].committed_at };
  } finally {
    c.close();
  }
}

describe('a save on a function host, through a kill -9 and a build with the remote down', () => {
  it('reaches the remote once it is back and an instance runs again, exactly once', { timeout: 240_000 }, async () => {
    [sqld, remote] = await Promise.all([startSqld(), startContentRemote()]);
    const first = await startInstance('library', sqld, remote);
    instances.push(first);
    const cookie = await loginCookie(first.baseUrl);

    await remote.git.close(); // the remote is down
    const title = `Kept through a kill ${Math.random().toString(36).slice(2, 8)}`;
    const res = await api(first.baseUrl, '/api/blog/posts', {
      cookie,
      body: { title, content: 'Acknowledged, then the instance died.', published: true },
    });
    expect(res.status).toBe(201);
    await first.kill(); // kill -9 while its request still holds the delivery (waitUntil), retrying a dead remote
    const { uid } = await revision(title);
    expect((await revision(title)).committedAt).toBeNull();

    const build = await buildDbSetup();
    expect(build.code, build.out).toBe(0);
    // The build could not push: the row is still open, and the remote does not have it.
    expect((await revision(title)).committedAt, build.out).toBeNull();
    expect(trailerCounts(remote.messages()).get(uid)).toBeUndefined();

    await remote.git.listen(); // the remote is back
    const again = await startInstance('library', sqld, remote);
    instances.push(again);
    await expect.poll(() => trailerCounts(remote!.messages()).get(uid) ?? 0, { timeout: 60_000, interval: 250 }).toBe(1);
    await expect.poll(async () => (await revision(title)).committedAt, { timeout: 30_000 }).not.toBeNull();
    // And it stays once: another instance's start and a save of its own do not push it again.
    const node = await startInstance('node', sqld, remote);
    instances.push(node);
    const other = await api(node.baseUrl, '/api/blog/posts', {
      cookie: await loginCookie(node.baseUrl),
      body: { title: `${title} later`, content: 'x', published: true },
    });
    expect(other.status).toBe(201);
    const later = await revision(`${title} later`);
    await expect.poll(() => trailerCounts(remote!.messages()).get(later.uid) ?? 0, { timeout: 60_000, interval: 250 }).toBe(1);
    expect(trailerCounts(remote.messages()).get(uid)).toBe(1);
  });
});
