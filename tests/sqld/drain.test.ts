/**
 * The scheduled Netlify function content-drain (netlify/functions/content-drain.mts), called as
 * Netlify calls it: it delivers the saves a function's request could not push (the remote was down
 * and the instance went away), once, and refuses to run without CONTENT_GIT_REMOTE.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import contentDrain from '../../netlify/functions/content-drain.mts';
import { api, loginCookie } from '../support/http.ts';
import {
  GIT_TOKEN,
  startContentRemote,
  startInstance,
  startSqld,
  trailerCounts,
  type ContentRemote,
  type RunningSqld,
} from '../support/sqld.ts';
import type { RunningServer } from '../support/server.ts';

let sqld: RunningSqld | undefined;
let remote: ContentRemote | undefined;
let instance: RunningServer | undefined;
const scratch = mkdtempSync(join(tmpdir(), 'rwa-drain-'));
const saved = { ...process.env };

afterAll(async () => {
  process.env = saved;
  await instance?.stop().catch(() => undefined);
  await remote?.git.close().catch(() => undefined);
  await sqld?.stop();
  rmSync(scratch, { recursive: true, force: true });
  if (remote) rmSync(remote.dir, { recursive: true, force: true });
});

/** The function's environment: what Netlify gives it (no checkout, a temp folder of its own). */
function functionEnv(extra: Record<string, string> = {}) {
  mkdirSync(join(scratch, 'tmp'), { recursive: true });
  process.env = {
    PATH: saved.PATH,
    TMPDIR: join(scratch, 'tmp'),
    DATABASE_URL: sqld!.url,
    DATABASE_AUTH_TOKEN: sqld!.authToken,
    CONTENT_GIT: 'library',
    CONTENT_DIR: join(scratch, 'bundle', 'content'),
    CONTENT_GIT_REMOTE: remote!.url,
    CONTENT_GIT_TOKEN: GIT_TOKEN,
    CONTENT_GIT_BRANCH: 'main',
    ...extra,
  };
}

describe('content-drain (scheduled function)', () => {
  it('delivers a save left open, exactly once; without a remote it refuses', { timeout: 120_000 }, async () => {
    [sqld, remote] = await Promise.all([startSqld(), startContentRemote()]);
    instance = await startInstance('library', sqld, remote);
    const cookie = await loginCookie(instance.baseUrl);
    await remote.git.close();
    const title = `Drained ${Math.random().toString(36).slice(2, 8)}`;
    expect(
      (await api(instance.baseUrl, '/api/blog/posts', { cookie, body: { title, content: 'Left open.', published: true } })).status,
    ).toBe(201);
    await instance.kill();
    instance = undefined;
    await remote.git.listen();

    functionEnv({ CONTENT_GIT_REMOTE: '' });
    expect((await contentDrain()).status).toBe(500);

    functionEnv();
    const first = await contentDrain();
    expect(first.status).toBe(204);
    const subjects = remote.messages().map((m) => m.split('\n')[0]);
    expect(subjects.filter((s) => s === `Create blog post "${title}"`)).toHaveLength(1);
    // A second run finds nothing open and pushes nothing.
    const before = remote.messages().length;
    expect((await contentDrain()).status).toBe(204);
    expect(remote.messages()).toHaveLength(before);
    expect([...trailerCounts(remote.messages()).values()].every((n) => n === 1)).toBe(true);
  });
});
