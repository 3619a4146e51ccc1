/**
 * The page cache at the Node front door (src/lib/server/cache/response-cache.ts, front-door/index.ts):
 * requests that miss while the same page renders wait for that render's entry instead of rendering the
 * page again each (when an entry expired under load, every connection rendered `/` at once), and an
 * answer that is not stored still reaches every request that waited on it.
 */
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';

const base = inject('baseUrl');

/** `count` GETs sent together, as a browser asks (Brotli accepted). */
async function together(path: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const r = await fetch(base + path, { headers: { 'accept-encoding': 'br, gzip' } });
      return { status: r.status, cache: r.headers.get('x-cache'), vary: r.headers.get('vary'), body: await r.text() };
    }),
  );
}

describe('the page cache at the front door', () => {
  it('renders a page once for requests that miss together, and gives them all the same bytes', async () => {
    // A query the page ignores: its own cache key, so no earlier test has stored it.
    const answers = await together(`/?render-once=${Date.now()}`, 12);
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(answers.filter((a) => a.cache === 'MISS')).toHaveLength(1);
    expect(answers.filter((a) => a.cache === 'HIT')).toHaveLength(11);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    for (const a of answers) expect(a.vary).toMatch(/accept-encoding/i);
  });

  it('answers every request that waited on a render it could not store', async () => {
    const answers = await together(`/no-such-page-${Date.now()}`, 8);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(404));
    expect(answers.some((a) => a.cache === 'HIT')).toBe(false);
  });
});
