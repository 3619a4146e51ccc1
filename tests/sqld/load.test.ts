/**
 * Load on the production shape: mixed reads on both instances sharing one sqld while the admin
 * saves through either one every 250 ms. Nothing may fail (0 errors, 0 non-2xx), every acknowledged
 * save is readable on the other instance, and each reaches the git remote exactly once.
 */
import { describe, expect, inject, it } from 'vitest';
import autocannon from 'autocannon';
import { createClient } from '@libsql/client';
import { gitOut } from '../support/git.ts';
import { trailerCounts } from '../support/sqld.ts';
import { blogPost, login, raw, recordFigures, sleep } from '../reliability/support.ts';
import { sized } from '../support/size.ts';

/** 5 s in `npm test` (about 20 saves through each instance under load), 20 s under TEST_SIZE=full. */
const SECONDS = Number(process.env.SQLD_LOAD_SECONDS || sized(5, 20));
const CONNECTIONS = 10; // per instance (the lane runs other files beside this one on two cores)
const ROUTES = ['/', '/networks', '/research', '/api/networks', '/api/transfers?days=30', '/api/blog/posts?published=true', '/sitemap.xml'];

describe('load on two instances sharing sqld', () => {
  it(`holds ${CONNECTIONS * 2} connections for ${SECONDS} s while saves go through both`, { timeout: (SECONDS + 150) * 1000 }, async () => {
    const instances = [inject('baseUrl'), inject('peerUrl')];
    for (const base of instances) for (const p of ROUTES) expect((await raw(base, p)).status, `${base}${p}`).toBe(200);
    const cookie = await login(instances[0]);

    const acked: { slug: string; via: number }[] = [];
    const failures: string[] = [];
    let stop = false;
    const inflight = new Set<Promise<void>>();
    const writer = (async () => {
      for (let i = 0; !stop; i++) {
        const via = i % 2;
        const tag = `sqld-load-${Date.now()}-${i}`;
        // Drafts: the other suites on these instances read the public feed and sitemap.
        const post = blogPost(tag, { published: false });
        const p = raw(instances[via], '/api/blog/posts', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: instances[via], Cookie: cookie },
          body: JSON.stringify(post),
        }).then(
          (r) => void (r.status === 201 ? acked.push({ slug: post.slug, via }) : failures.push(`${r.status} ${r.body.slice(0, 200)}`)),
          (e: unknown) => void failures.push(String(e)),
        );
        inflight.add(p);
        void p.finally(() => inflight.delete(p));
        await sleep(250);
      }
    })();
    const results = await Promise.all(
      instances.map((url) =>
        autocannon({
          url,
          connections: CONNECTIONS,
          duration: SECONDS,
          timeout: 20,
          requests: ROUTES.map((path) => ({ method: 'GET', path })),
        }),
      ),
    );
    stop = true;
    await writer;
    await Promise.all(inflight);

    let unreadable = 0;
    for (const { slug, via } of acked) {
      const res = await raw(instances[1 - via], `/api/blog/posts/by-slug/${slug}`, { headers: { Cookie: cookie } });
      if (res.status !== 200) unreadable++;
    }
    // Every acknowledged save reaches the remote, once.
    const db = createClient({ url: inject('databaseUrl'), authToken: inject('databaseAuthToken') });
    const uids = (
      await db.execute("SELECT uid FROM content_revisions WHERE message LIKE 'Create blog post \"Reliability post sqld-load-%'")
    ).rows.map((r) => String(r.uid));
    db.close();
    const bare = inject('remoteBare');
    const counts = () => {
      const c = trailerCounts(gitOut(bare, 'log', '--format=%B%x1e', 'main').split('\x1e'));
      return uids.filter((u) => c.get(u) !== 1).length;
    };
    await expect.poll(counts, { timeout: 90_000, interval: 500 }).toBe(0);

    const figures = {
      seconds: SECONDS,
      connections: CONNECTIONS * 2,
      'req/s node': Math.round(results[0].requests.average),
      'req/s library': Math.round(results[1].requests.average),
      'p99 ms node': results[0].latency.p99,
      'p99 ms library': results[1].latency.p99,
      errors: results[0].errors + results[1].errors,
      non2xx: results[0].non2xx + results[1].non2xx,
      acked: acked.length,
      writeFailures: failures.length,
      writesLost: unreadable,
    };
    recordFigures('sqld-load', figures);
    console.log('sqld load', figures);
    expect(failures, failures.slice(0, 5).join('\n')).toEqual([]);
    expect(figures.errors).toBe(0);
    expect(results[0].timeouts + results[1].timeouts).toBe(0);
    expect(figures.non2xx).toBe(0);
    expect(unreadable).toBe(0);
    expect(uids.length).toBe(acked.length);
    expect(acked.length).toBeGreaterThanOrEqual(SECONDS); // at least one save a second got through
  });
});
