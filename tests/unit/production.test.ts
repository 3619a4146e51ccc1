/**
 * The production rules as pure steps, without a server: what a Netlify build may set up, when a
 * schema is newer than the code, the database lease, and how the outbox worker fails when the file
 * system refuses its writes (loudly, at once, and delivering again once it can).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '#db/client.ts';
import { holderIsDead, LockTimeoutError, withDatabaseLock } from '#db/lock.ts';
import { schemaTooNew } from '#db/migrate.ts';
import { contentRevisions } from '#db/schema/index.ts';
import { buildPlan } from '#lib/server/setup/build-plan.ts';
import { prepareDatabase } from '#lib/server/setup/prepare.ts';
import { deliverContent } from '#lib/server/content/outbox.ts';
import { functionHostProblem } from '#lib/server/content/host.ts';
import { acknowledgeSave, functionHold } from '#lib/server/content/acknowledge.ts';
import type { ContentConfig } from '#lib/server/config.ts';

describe('buildPlan: which database a build sets up', () => {
  const database = { url: 'libsql://prod.example', authToken: 'p' };
  const previewDatabase = { url: 'libsql://preview.example', authToken: 'q' };
  it('off Netlify: DATABASE_URL, whatever CONTEXT says', () => {
    expect(buildPlan({ deployTarget: 'node', netlifyContext: 'deploy-preview', database })).toEqual({ action: 'setup', database });
  });
  it('Netlify production: DATABASE_URL', () => {
    expect(buildPlan({ deployTarget: 'netlify', netlifyContext: 'production', database, previewDatabase })).toEqual({
      action: 'setup',
      database,
    });
  });
  it.each(['deploy-preview', 'branch-deploy'])('Netlify %s: its own database when given, never DATABASE_URL; else skipped', (context) => {
    expect(buildPlan({ deployTarget: 'netlify', netlifyContext: context, database, previewDatabase })).toMatchObject({
      action: 'setup',
      database: previewDatabase,
    });
    expect(buildPlan({ deployTarget: 'netlify', netlifyContext: context, database })).toMatchObject({
      action: 'skip',
      reason: expect.stringContaining(context),
    });
  });
  it('Netlify without CONTEXT: refused (it cannot tell a preview from production)', () => {
    expect(buildPlan({ deployTarget: 'netlify', database })).toMatchObject({ action: 'refuse' });
  });
});

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

describe('schemaTooNew', () => {
  const known = [
    { hash: 'a', folderMillis: 100 },
    { hash: 'b', folderMillis: 200 },
  ];
  it('is null for the same or an older set of migrations', () => {
    expect(schemaTooNew(known, [])).toBeNull();
    expect(schemaTooNew(known, [{ hash: 'a', createdAt: 100 }])).toBeNull();
    expect(
      schemaTooNew(known, [
        { hash: 'a', createdAt: 100 },
        { hash: 'b', createdAt: 200 },
      ]),
    ).toBeNull();
  });
  it('names a migration newer than the last one known, in one line', () => {
    const reason = schemaTooNew(known, [
      { hash: 'a', createdAt: 100 },
      { hash: 'b', createdAt: 200 },
      { hash: 'c', createdAt: 300 },
    ]);
    expect(reason).toMatch(
      /^The database schema is newer than this code \(1 migration\(s\) up to 1970-01-01T00:00:00\.300Z unknown here\)/,
    );
    expect(reason).not.toContain('\n');
  });
});

describe('functionHostProblem', () => {
  const base: ContentConfig = { dir: '/bundle/content', git: 'auto' };
  it('refuses a function host without a remote, or with git off', () => {
    expect(functionHostProblem(base)).toMatch(/^CONTENT_GIT_REMOTE is not set/);
    const remote = { url: 'https://example.com/r.git', path: 'content' };
    expect(functionHostProblem({ ...base, remote, git: 'off' })).toMatch(/^CONTENT_GIT=off on Netlify/);
    expect(functionHostProblem({ ...base, remote })).toBeNull();
  });
});

describe('with a database', () => {
  let dir: string;
  let db: Database;
  let close: () => void;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rwa-unit-prod-'));
    // acknowledgeSave reads the process's configuration: files only, in the scratch folder, never the checkout.
    process.env.CONTENT_GIT = 'off';
    process.env.CONTENT_DIR = join(dir, 'content');
    const database = { url: `file:${join(dir, 'app.db')}` };
    await prepareDatabase({ database, admin: { password: 'a-long-enough-password' } });
    const opened = openDatabase(database);
    db = opened.db;
    close = () => opened.client.close();
  });
  afterAll(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the lease: a live holder makes others wait (and time out); an expired one is taken over', async () => {
    const client = db.$client;
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

  it("on a function host the save's delivery is handed to the request's waitUntil (Netlify.context)", async () => {
    expect(functionHold()).toBeNull();
    const held: Promise<unknown>[] = [];
    const global = globalThis as { Netlify?: unknown };
    global.Netlify = { context: { waitUntil: (p: Promise<unknown>) => held.push(p) } };
    try {
      expect(functionHold()).not.toBeNull();
      const delivery = acknowledgeSave(db);
      expect(held).toEqual([delivery]);
      expect(await delivery).toBe(true); // nothing open: delivered
    } finally {
      delete global.Netlify;
    }
    expect(functionHold({ waitUntil: () => undefined })).not.toBeNull();
  });

  it('the outbox on a file system that refuses writes fails loudly at once, keeps the save, and delivers once it can', async () => {
    const uid = `unit${Date.now()}`;
    await db.insert(contentRevisions).values({
      uid,
      kind: 'blog',
      articleId: 999_999,
      action: 'save',
      path: 'blog/refused.md',
      document: '---\ntitle: Refused\n---\n\nText.\n',
      message: 'Create blog post "Refused"',
      authorName: 'admin',
      createdAt: new Date(),
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // /sys refuses new entries even to root (EPERM): what a read-only deploy bundle does (EROFS).
      const started = Date.now();
      const refused = await deliverContent(db, { dir: '/sys/rwa-content-unit', git: 'off' }, 'server');
      expect(refused).toBe(false);
      expect(Date.now() - started).toBeLessThan(2_000); // no retries: retrying cannot help
      expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([
        expect.stringMatching(/^content: saves cannot reach git \(.*(EPERM|EROFS|EACCES)/),
      ]);
    } finally {
      errors.mockRestore();
    }
    const open = async () =>
      (await db.$client.execute({ sql: 'SELECT committed_at FROM content_revisions WHERE uid = ?', args: [uid] })).rows[0].committed_at;
    expect(await open()).toBeNull();
    expect(await deliverContent(db, { dir: join(dir, 'content'), git: 'off' }, 'server')).toBe(true);
    expect(await open()).not.toBeNull();
  });
});
