/**
 * Starting on a shared libSQL server: concurrent starts on an empty database migrate and seed it
 * once (a lease row in the database, db/lock.ts); a database migrated by newer code is refused with
 * one line; a Netlify build sets up the production database only in the production context, and
 * refuses a deploy that could not keep its saves.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '@libsql/client';
import { prepareDatabase } from '#lib/server/setup/prepare.ts';
import { startSqld, type RunningSqld } from '../support/sqld.ts';
import { childNodeOptions } from '../support/server.ts';
import journal from '#db/migrations/meta/_journal.json' with { type: 'json' };

const ROOT = resolve(import.meta.dirname, '../..');
let sqld: RunningSqld;
const started: RunningSqld[] = [];

beforeEach(async () => {
  sqld = await startSqld();
  started.push(sqld);
});
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
});

const client = () => createClient({ url: sqld.url, authToken: sqld.authToken });
async function count(sql: string): Promise<number> {
  const c = client();
  try {
    return Number((await c.execute(sql)).rows[0].n);
  } finally {
    c.close();
  }
}
async function tableNames(): Promise<string[]> {
  const c = client();
  try {
    return (await c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows.map((r) => String(r.name));
  } finally {
    c.close();
  }
}

/** npm run db:setup with this environment; its exit code and output. */
function dbSetup(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'rwa-build-'));
  return new Promise((ok) => {
    execFile(
      process.execPath,
      ['scripts/db-setup.ts'],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          TMPDIR: dir,
          DATABASE_URL: sqld.url,
          DATABASE_AUTH_TOKEN: sqld.authToken,
          ADMIN_PASSWORD: 'a-long-enough-password',
          CONTENT_DIR: join(dir, 'content'),
          ...env,
          NODE_OPTIONS: childNodeOptions({}),
        },
        timeout: 90_000,
      },
      (error, stdout, stderr) => {
        rmSync(dir, { recursive: true, force: true });
        ok({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

describe('migrations once', () => {
  it('four starts at once on an empty database all succeed: migrated once, one admin, seeded once', async () => {
    const database = { url: sqld.url, authToken: sqld.authToken };
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => prepareDatabase({ database, admin: { password: 'a-long-enough-password' } })),
    );
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(await count('SELECT count(*) AS n FROM __drizzle_migrations')).toBe(journal.entries.length);
    expect(await count('SELECT count(*) AS n FROM users')).toBe(1);
    const created = results.filter((r) => r.status === 'fulfilled' && r.value.admin.created);
    expect(created).toHaveLength(1);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value.seededAnalytics)).toHaveLength(1);
  });

  it('a database migrated by newer code is refused with one line, and left as it was', async () => {
    const database = { url: sqld.url, authToken: sqld.authToken };
    await prepareDatabase({ database, admin: {} });
    const c = client();
    const future = journal.entries.at(-1)!.when + 86_400_000;
    await c.execute({ sql: 'INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)', args: ['f'.repeat(64), future] });
    c.close();
    const run = await dbSetup({});
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^The database schema is newer than this code \(1 migration\(s\) up to .*\): deploy the newer code/),
    ]);
    expect(await count('SELECT count(*) AS n FROM __drizzle_migrations')).toBe(journal.entries.length + 1);
  });
});

describe('the Netlify build (npm run db:setup)', () => {
  const netlify = { DEPLOY_TARGET: 'netlify', CONTENT_GIT_REMOTE: 'http://127.0.0.1:9/content.git', CONTENT_GIT_BRANCH: 'main' };

  it('a deploy preview leaves the production database alone, with a message', async () => {
    const run = await dbSetup({ ...netlify, CONTEXT: 'deploy-preview' });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/skipped in the deploy-preview context: only production migrates DATABASE_URL/);
    expect(await tableNames()).toEqual([]);
  });

  it('a deploy preview sets up DEPLOY_PREVIEW_DATABASE_URL when given, never DATABASE_URL', async () => {
    const preview = await startSqld();
    started.push(preview);
    const run = await dbSetup({
      ...netlify,
      CONTEXT: 'deploy-preview',
      DEPLOY_PREVIEW_DATABASE_URL: preview.url,
      DEPLOY_PREVIEW_DATABASE_AUTH_TOKEN: preview.authToken,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(await tableNames()).toEqual([]);
    const c = createClient({ url: preview.url, authToken: preview.authToken });
    expect(Number((await c.execute('SELECT count(*) AS n FROM users')).rows[0].n)).toBe(1);
    c.close();
  });

  it('without CONTEXT, or without CONTENT_GIT_REMOTE, it refuses with one line and touches nothing', async () => {
    // Two separate builds: run side by side.
    const [noContext, noRemote] = await Promise.all([
      dbSetup({ ...netlify }),
      dbSetup({ ...netlify, CONTEXT: 'production', CONTENT_GIT_REMOTE: '' }),
    ]);
    expect(noContext.code).toBe(1);
    expect(noContext.stderr.trim().split('\n')).toEqual([expect.stringMatching(/needs CONTEXT/)]);
    expect(noRemote.code).toBe(1);
    expect(noRemote.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^CONTENT_GIT_REMOTE is not set: on Netlify a function cannot write/),
    ]);
    expect(await tableNames()).toEqual([]);
  });
});
