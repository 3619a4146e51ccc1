/**
 * Offline is quick: a host that does not resolve or refuses the connection is asked
 * once, not through every backoff. Real requests, on loopback only: a port nothing listens on, and
 * a name under `.invalid` (RFC 6761: never resolves).
 */
import { describe, expect, it } from 'vitest';
import { isTransient, isUnreachable, withRetry } from '#lib/server/ingest/rpc.ts';
import { closedPort } from '../../scripts/lib/free-port.ts';
import { offlineReason } from '#lib/server/catalogue/offline.ts';

async function attempts(url: string): Promise<{ n: number; error: unknown }> {
  let n = 0;
  let error: unknown;
  await withRetry(
    'probe',
    () => {
      n++;
      return fetch(url);
    },
    undefined,
    1,
  ).catch((e: unknown) => (error = e));
  return { n, error };
}

describe('unreachable hosts are not retried', () => {
  it('a refused connection is tried once', async () => {
    const { n, error } = await attempts(`http://127.0.0.1:${await closedPort()}/`);
    expect(isUnreachable(error)).toBe(true);
    expect(n).toBe(1);
  });

  it('a name that does not resolve is tried once', async () => {
    const { n, error } = await attempts('http://rwa-offline-test.invalid/');
    expect(isUnreachable(error)).toBe(true);
    expect(n).toBe(1);
  });

  it('a dropped connection or a rate limit is still retried', async () => {
    expect(isUnreachable(Object.assign(new Error('fetch failed'), { cause: { code: 'ECONNRESET', message: 'read ECONNRESET' } }))).toBe(
      false,
    );
    expect(isTransient(new Error('HTTP request failed.\n\nStatus: 429'))).toBe(true);
    let n = 0;
    await withRetry(
      'probe',
      () => {
        n++;
        return Promise.reject(new Error('socket hang up'));
      },
      undefined,
      1,
    ).catch(() => {});
    expect(n).toBe(6);
  });
});

describe('an offline run', () => {
  it('is one whose every part was an unreachable host (a price on a chain never reached follows from it)', () => {
    expect(
      offlineReason([
        'Chain "ethereum" (Ethereum) is unreachable at http://127.0.0.1:9 (RPC_URL_ETHEREUM): HTTP request failed. (ECONNREFUSED)',
        'OUSG: price refused: the price chain "ethereum" could not be read',
        'DefiLlama stablecoins API unreachable or failing at http://x.invalid/stablecoin/1: fetch failed (ENOTFOUND)',
      ]),
    ).toMatch(/^offline: no source could be reached \(2 part\(s\); first: Chain "ethereum"/);
  });
  it('is not one where a host answered, or where nothing was tried', () => {
    expect(offlineReason(['Chain "ethereum" (Ethereum): status 503', 'x fetch failed (ECONNREFUSED)'])).toBeUndefined();
    expect(offlineReason(['OUSG: price refused: the price chain "ethereum" could not be read'])).toBeUndefined();
    expect(offlineReason([])).toBeUndefined();
  });
});
