/**
 * The scheduled Netlify function content-drain (netlify/functions/content-drain.mts), called as
 * Netlify calls it: it delivers the saves a function's request could not push (the remote was down
 * and the instance went away), once, and refuses to run without CONTENT_GIT_REMOTE.
 * Before that, on the same instance: a save whose transaction lost sqld's write lock to another
 * writer (held too long, here by a relay that keeps its statement back) is run again, not a 500.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRelay, type SqlRelay } from '../../scripts/lib/sqld.ts';
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
let relay: SqlRelay | undefined;
/** Set by a test: the relay keeps back the first request it matches until `release` is called. */
let holdNext: { match: RegExp; held: () => void; until: Promise<void> } | undefined;
const scratch = mkdtempSync(join(tmpdir(), 'rwa-drain-'));
const saved = { ...process.env };

afterAll(async () => {
  process.env = saved;
  await instance?.stop().catch(() => undefined);
  await relay?.close();
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

beforeAll(async () => {
  [sqld, remote] = await Promise.all([startSqld(), startContentRemote()]);
  relay = await sqlRelay(sqld.url, (body) => {
    const h = holdNext;
    if (!h?.match.test(body)) return undefined;
    holdNext = undefined;
    h.held();
    return h.until;
  });
  // The instance reaches sqld through the relay (it passes everything on unless a test arms it).
  instance = await startInstance('library', sqld, remote, { env: { DATABASE_URL: relay.url } });
});

describe('a save that lost the write lock', () => {
  it('is run again from the start: 201, saved once, never a 500', { timeout: 60_000 }, async () => {
    const cookie = await loginCookie(instance!.baseUrl);
    const title = `Contended ${Math.random().toString(36).slice(2, 8)}`;
    // The save's second statement is kept back while it holds the write lock; another writer waits
    // for the lock past sqld's transaction timeout and gets it, so the save's transaction is rolled
    // back by the server (TRANSACTION_TIMEOUT) before that statement arrives.
    let release!: () => void;
    const until = new Promise<void>((ok) => (release = ok));
    const held = new Promise<void>((ok) => (holdNext = { match: /insert into \\?"content_revisions\\?"/i, held: ok, until }));
    const save = api(instance!.baseUrl, '/api/blog/posts', { cookie, body: { title, content: 'Raced.', published: false } });
    await held;
    const other = createClient({ url: sqld!.url, authToken: sqld!.authToken });
    try {
      const tx = await other.transaction('write');
      await tx.execute('SELECT 1'); // returns once the lock is taken from the held save
      await tx.commit();
    } finally {
      other.close();
      release();
    }
    const res = await save;
    const body = await res.text();
    // The server's log says what went wrong when it was not 201.
    expect(res.status, `${body}\n${instance!.output().slice(-3000)}`).toBe(201);
    // Its second statement went to sqld twice: the transaction that lost the lock was run again.
    expect(relay!.trips().filter((t) => /insert into \\?"content_revisions\\?"/i.test(t.body) && t.body.includes(title))).toHaveLength(2);
    const db = createClient({ url: sqld!.url, authToken: sqld!.authToken });
    try {
      const posts = await db.execute({ sql: 'SELECT count(*) AS n FROM blog_posts WHERE title = ?', args: [title] });
      const revisions = await db.execute({
        sql: 'SELECT count(*) AS n FROM content_revisions WHERE message = ?',
        args: [`Create blog post "${title}"`],
      });
      expect([Number(posts.rows[0].n), Number(revisions.rows[0].n)]).toEqual([1, 1]);
    } finally {
      db.close();
    }
  });
});

describe('content-drain (scheduled function)', () => {
  it('delivers a save left open, exactly once; without a remote it refuses', { timeout: 120_000 }, async () => {
    if (!sqld || !remote || !instance) throw new Error('the servers did not start');
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
