/**
 * Crash: kill -9 the server at a random moment during a write burst (3 rounds in `npm test`, 20 under
 * TEST_SIZE=full: tests/support/size.ts), restarting on the
 * same libSQL file each time. Every write acknowledged before the kill must be there afterwards,
 * `PRAGMA integrity_check` must say ok, and no post may be half-saved. Every post in the database
 * reaches git (the outbox) exactly once: no commit lost, none made twice across the kills.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { startServer, type RunningServer } from '../support/server.ts';
import { gitOut } from '../support/git.ts';
import { sized } from '../support/size.ts';
import { blogPost, integrityCheck, login, openDb, raw, recordFigures, requireRoute, savePost, sleep } from './support.ts';

const ROUNDS = Number(process.env.RELIABILITY_CRASH_ROUNDS || sized(3, 20));
const WRITERS = 4;

let server: RunningServer | undefined;
let dir: string | undefined;

afterAll(async () => {
  await server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('crash', () => {
  it(`keeps every acknowledged write through ${ROUNDS} kill -9s`, { timeout: 600_000 }, async () => {
    server = await startServer();
    dir = server.dir;
    const dbPath = server.dbPath;
    await requireRoute(server.baseUrl, 'POST', '/api/blog/posts', await login(server.baseUrl));

    const ackedPosts: string[] = [];
    const ackedSessions: string[] = [];
    let attempted = 0;
    let inflightAtKill = 0;
    let kills = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const base = server.baseUrl;
      const cookie = await login(base);
      ackedSessions.push(cookie);
      let stop = false;
      let inflight = 0;
      const burst = Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = 0; !stop; i++) {
          attempted++;
          inflight++;
          try {
            const r = await savePost(base, cookie, `crash-${round}-${w}-${i}`);
            if (r.status >= 200 && r.status < 300) ackedPosts.push(r.slug);
            else if (r.status >= 500) throw new Error(`save answered ${r.status}: ${r.body.slice(0, 200)}`);
          } catch (e) {
            // A request cut off by the kill has no answer: its write may or may not be there, both fine.
            if (!stop) throw e;
          } finally {
            inflight--;
          }
        }
      });
      // Kill at a random moment of the burst, once it is under way: on a loaded machine the first
      // saves can take longer than the whole random wait, and a round that killed before any answer
      // would prove nothing about acknowledged writes.
      const ackedBefore = ackedPosts.length;
      await expect.poll(() => ackedPosts.length > ackedBefore, { timeout: 60_000, interval: 20 }).toBe(true);
      await sleep(Math.random() * 1200);
      inflightAtKill += inflight;
      stop = true;
      await server.kill();
      kills++;
      await Promise.allSettled(burst);

      expect(await integrityCheck(dbPath)).toBe('ok');
      server = await startServer({ dir });
    }

    // Everything acknowledged is there, whole.
    const db = openDb(dbPath);
    let lost = 0;
    let halfSaved = 0;
    let postsFound: number;
    try {
      const rs = await db.execute("SELECT slug, title, content, excerpt FROM blog_posts WHERE slug LIKE 'reliability-post-crash-%'");
      const bySlug = new Map(rs.rows.map((r) => [String(r.slug), r]));
      postsFound = bySlug.size;
      for (const slug of ackedPosts) if (!bySlug.has(slug)) lost++;
      for (const [slug, row] of bySlug) {
        const expected = blogPost(slug.replace('reliability-post-', ''));
        if (row.title !== expected.title || row.content !== expected.content) halfSaved++;
      }
    } finally {
      db.close();
    }
    for (const cookie of ackedSessions) {
      const me = await raw(server.baseUrl, '/api/auth/me', { headers: { Cookie: cookie } });
      if (me.status !== 200) lost++;
    }
    const integrity = await integrityCheck(dbPath);

    // The outbox drains after the last restart; then each post has exactly one commit.
    let gitMissing = 0;
    let gitDuplicated = 0;
    const pending = async () => {
      const d = openDb(dbPath);
      try {
        return Number((await d.execute('SELECT count(*) AS n FROM content_revisions WHERE committed_at IS NULL')).rows[0].n);
      } finally {
        d.close();
      }
    };
    await expect.poll(pending, { timeout: 120_000, interval: 250 }).toBe(0);
    const subjects = gitOut(server.contentRepo, 'log', '--format=%s', '--', 'content/blog').split('\n');
    const counts = new Map<string, number>();
    for (const s of subjects) counts.set(s, (counts.get(s) ?? 0) + 1);
    for (const slug of ackedPosts) {
      const n = counts.get(`Create blog post "${blogPost(slug.replace('reliability-post-', '')).title}"`) ?? 0;
      if (n === 0) gitMissing++;
      if (n > 1) gitDuplicated++;
    }

    const figures = {
      kills,
      attemptedWrites: attempted,
      ackedPosts: ackedPosts.length,
      postsFound,
      ackedSessions: ackedSessions.length,
      inflightAtKill,
      writesLost: lost,
      halfSaved,
      gitMissing,
      gitDuplicated,
      integrity,
    };
    recordFigures('crash', figures);
    console.log('crash', figures);
    expect(kills).toBe(ROUNDS);
    expect(ackedPosts.length).toBeGreaterThan(0);
    expect(lost).toBe(0);
    expect(halfSaved).toBe(0);
    expect(gitMissing).toBe(0);
    expect(gitDuplicated).toBe(0);
    expect(integrity).toBe('ok');
  });
});
