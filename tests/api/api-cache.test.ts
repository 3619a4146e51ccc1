/**
 * The data API answers from the change-counter cache, as pages do: a repeated anonymous GET
 * is a hit with a strong ETag, a client that has it gets a 304 with no body, a change to the database
 * (the counter moves) is a fresh answer at once, and a signed-in or non-GET call never gets a shared one.
 */
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createClient } from '@libsql/client';
import { CHANGE_COUNTER_TABLE } from '#db/change-counter.ts';
import { SESSION_COOKIE } from '#lib/server/auth/session-cookie.ts';

const base = inject('baseUrl');
const databaseUrl = inject('databaseUrl');

const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });

describe('the data API from the page cache', () => {
  for (const path of ['/api/networks', '/api/transfers?days=30']) {
    it(`${path}: a hit with an ETag, a 304 for a client that has it, a fresh answer when the data move`, async () => {
      const first = await get(path);
      expect(first.status).toBe(200);
      const body = await first.text();
      const second = await get(path);
      expect(second.headers.get('x-cache')).toBe('HIT');
      expect(await second.text()).toBe(body);
      const etag = second.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);

      const notModified = await get(path, { 'If-None-Match': etag! });
      expect(notModified.status).toBe(304);
      expect(await notModified.text()).toBe('');

      // Any write bumps the counter (db/change-counter.ts): the next call is answered afresh.
      const db = createClient({ url: databaseUrl });
      try {
        await db.execute(`UPDATE ${CHANGE_COUNTER_TABLE} SET n = n + 1 WHERE id = 1`);
      } finally {
        db.close();
      }
      const after = await get(path);
      expect(after.headers.get('x-cache')).toBe('MISS');
      expect(await after.text()).toBe(body);
    });
  }

  it('never shares an answer with a signed-in caller', async () => {
    await get('/api/networks');
    const signed = await get('/api/networks', { Cookie: `${SESSION_COOKIE}=forged-token` });
    expect(signed.headers.get('x-cache')).not.toBe('HIT');
  });
});
