/**
 * Two instances on one libSQL server (the lane's shared setup, tests/support/global-sqld.ts): a Node
 * server (baseUrl) and a library-mode instance run as a Netlify function would (peerUrl). Sessions,
 * content and the git outbox live in the shared database; both push to one git remote.
 */
import { describe, expect, inject, it } from 'vitest';
import { createClient } from '@libsql/client';
import { api, loginCookie } from '../support/http.ts';
import { gitOut } from '../support/git.ts';
import { trailerCounts } from '../support/sqld.ts';

const node = inject('baseUrl');
const library = inject('peerUrl');
const bare = inject('remoteBare');
const db = () => createClient({ url: inject('databaseUrl'), authToken: inject('databaseAuthToken') });
const tag = () => Math.random().toString(36).slice(2, 8);
const post = (title: string, published = true) => ({ title, content: `## Body\n\nText of ${title}.`, published });

const remoteMessages = () =>
  gitOut(bare, 'log', '--format=%B%x1e', 'main')
    .split('\x1e')
    .map((m) => m.trim())
    .filter(Boolean);

describe('two instances on one sqld', () => {
  it('both serve, the database was migrated once, and no start-up lock is left behind', async () => {
    for (const base of [node, library]) {
      expect((await api(base, '/api/auth/me')).status).toBe(401);
      expect((await api(base, '/api/networks')).status).toBe(200);
    }
    const c = db();
    try {
      const applied = Number((await c.execute('SELECT count(*) AS n FROM __drizzle_migrations')).rows[0].n);
      const { default: journal } = await import('#db/migrations/meta/_journal.json', { with: { type: 'json' } });
      expect(applied).toBe(journal.entries.length);
      expect(Number((await c.execute('SELECT count(*) AS n FROM users')).rows[0].n)).toBe(1);
      expect((await c.execute("SELECT * FROM _rwa_lock WHERE name = 'setup'")).rows).toEqual([]);
    } finally {
      c.close();
    }
  });

  it('a session made on one works on the other, and a sign-out on the other ends it on both', async () => {
    const cookie = await loginCookie(node);
    expect((await api(library, '/api/auth/me', { cookie })).status).toBe(200);
    expect((await api(library, '/api/auth/logout', { method: 'POST', cookie })).status).toBeLessThan(300);
    expect((await api(node, '/api/auth/me', { cookie })).status).toBe(401);
  });

  it("an edit on one shows on the other's page within the page's cache lifetime", async () => {
    const cookie = await loginCookie(node);
    const title = `Shared edit ${tag()}`;
    const created = await (await api(library, '/api/blog/posts', { cookie, body: post(title) })).json();
    const page = await api(node, `/blog/${created.slug}`);
    expect(page.status).toBe(200);
    const lifetime = Number(/s-maxage=(\d+)/.exec(page.headers.get('cache-control') ?? '')?.[1] ?? 60);
    const edited = `${title} (edited)`;
    expect((await api(node, `/api/blog/posts/${created.id}`, { method: 'PUT', cookie, body: post(edited) })).status).toBe(200);
    await expect
      .poll(async () => (await (await api(library, `/blog/${created.slug}`)).text()).includes(edited), {
        timeout: lifetime * 1000,
        interval: 250,
      })
      .toBe(true);
  });

  it('saves on both at once reach the one git remote exactly once each', { timeout: 120_000 }, async () => {
    const cookie = await loginCookie(library);
    const run = tag();
    const saves = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        // Drafts: the other suites on these instances read the public feed and sitemap.
        api(i % 2 ? node : library, '/api/blog/posts', { cookie, body: post(`Both at once ${run} ${i}`, false) }),
      ),
    );
    expect(saves.map((r) => r.status)).toEqual(Array(12).fill(201));
    const c = db();
    let uids: string[];
    try {
      const rs = await c.execute({ sql: 'SELECT uid FROM content_revisions WHERE message LIKE ?', args: [`%Both at once ${run} %`] });
      uids = rs.rows.map((r) => String(r.uid));
    } finally {
      c.close();
    }
    expect(uids).toHaveLength(12);
    await expect
      .poll(
        () => {
          const counts = trailerCounts(remoteMessages());
          return uids.map((u) => counts.get(u) ?? 0);
        },
        { timeout: 90_000, interval: 500 },
      )
      .toEqual(Array(12).fill(1));
    // And every row is marked delivered, pointing at a commit the remote has.
    const check = db();
    const inList = `uid IN (${uids.map(() => '?').join(',')})`;
    try {
      const open = async () =>
        Number(
          (await check.execute({ sql: `SELECT count(*) AS n FROM content_revisions WHERE committed_at IS NULL AND ${inList}`, args: uids }))
            .rows[0].n,
        );
      await expect.poll(open, { timeout: 30_000 }).toBe(0);
      const rs = await check.execute({ sql: `SELECT commit_sha FROM content_revisions WHERE ${inList}`, args: uids });
      for (const r of rs.rows) expect(gitOut(bare, 'cat-file', '-t', String(r.commit_sha))).toBe('commit');
    } finally {
      check.close();
    }
  });
});
