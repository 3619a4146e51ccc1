/**
 * Webhook deliveries against real sockets on loopback (issue 28.1): the attacks a webhook URL can
 * carry are refused before any byte is sent (127.0.0.1, 10.x, 169.254.169.254, [::1], a name
 * resolving to loopback, a redirect to loopback), every delivery has a timeout and a cap on the
 * answer; and the outbox: two senders on one database deliver each event once (the lease), a row
 * whose sender died is taken up again once its lease has run out.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { postJson } from '#lib/server/alerts/post.ts';
import { RefusedTarget } from '#lib/server/alerts/target.ts';
import { deliverDue } from '#lib/server/alerts/deliver.ts';
import { storeEvents } from '#lib/server/alerts/record.ts';
import { alertDeliveries, alertWebhooks } from '#db/schema/index.ts';
import type { AlertEvent } from '#lib/server/alerts/types.ts';
import { useScratchDatabase } from '../support/scratch-db.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const servers: Server[] = [];
/** A loopback server; `hits` counts the requests it received. */
async function listen(handler: Handler, host = '127.0.0.1') {
  const state = { hits: 0, port: 0 };
  const s = createServer((req, res) => {
    state.hits++;
    req.resume();
    req.on('end', () => handler(req, res));
  });
  servers.push(s);
  await new Promise<void>((ok) => s.listen(0, host, ok));
  state.port = (s.address() as AddressInfo).port;
  return state;
}
afterAll(() => Promise.all(servers.map((s) => new Promise((ok) => s.close(ok)))));

const strict = { allowLoopback: false, timeoutMs: 2000, maxBytes: 1024 };
const loose = { ...strict, allowLoopback: true };
const ok: Handler = (_req, res) => res.writeHead(204).end();

describe('a webhook URL cannot reach an internal address', () => {
  let v4: { hits: number; port: number };
  let v6: { hits: number; port: number };
  beforeAll(async () => {
    v4 = await listen(ok);
    v6 = await listen(ok, '::1');
  });

  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${v4.port}/hook`],
    ['10.x', () => 'http://10.0.0.1/hook'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['[::1]', () => `http://[::1]:${v6.port}/hook`],
    ['an IPv4-mapped IPv6 address', () => `http://[::ffff:127.0.0.1]:${v4.port}/hook`],
    ['a DNS name resolving to loopback', () => `http://localhost:${v4.port}/hook`],
    ['a decimal IPv4 form', () => `http://2130706433:${v4.port}/hook`],
  ])('%s is refused before anything is sent', async (_name, url) => {
    await expect(postJson(url(), '{}', {}, strict)).rejects.toBeInstanceOf(RefusedTarget);
    expect(v4.hits + v6.hits).toBe(0);
  });

  it('a redirect is never followed (to loopback or anywhere)', async () => {
    const inside = await listen(ok);
    const redirector = await listen((_req, res) => res.writeHead(307, { Location: `http://127.0.0.1:${inside.port}/` }).end());
    await expect(postJson(`http://127.0.0.1:${redirector.port}/`, '{}', {}, loose)).rejects.toThrow(/redirect refused \(307/);
    expect(redirector.hits).toBe(1);
    expect(inside.hits).toBe(0);
  });

  it('the tests setting lets loopback through, and the request goes to the address checked', async () => {
    const answer = await postJson(`http://localhost:${v4.port}/hook`, '{"a":1}', {}, loose);
    expect(answer.status).toBe(204);
  });

  it('an answer is read up to the cap, and a receiver that never answers times out', async () => {
    const big = await listen((_req, res) => res.writeHead(200).end('x'.repeat(1_000_000)));
    const answer = await postJson(`http://127.0.0.1:${big.port}/`, '{}', {}, loose);
    expect(answer).toMatchObject({ status: 200, truncated: true });
    expect(answer.body.length).toBe(1024);
    const silent = await listen(() => {});
    await expect(postJson(`http://127.0.0.1:${silent.port}/`, '{}', {}, { ...loose, timeoutMs: 200 })).rejects.toThrow(
      /no answer within 200 ms/,
    );
  });
});

describe('the outbox', () => {
  const scratch = useScratchDatabase('alerts-outbox');
  const event = (n: number): AlertEvent => ({
    id: `depeg-t${n}-2026-11-20`,
    kind: 'depeg',
    day: '2026-11-20',
    assetSymbol: `T${n}`,
    assetClass: 'Stablecoins',
    chain: null,
    chains: ['ethereum'],
    title: `T${n} off its peg`,
    evidence: { measure: 'price', unit: 'usd', before: null, after: { day: '2026-11-20', value: 0.9 }, change: -0.1, rule: 'r', reads: [] },
  });
  const policy = { backoffMs: 10, timeoutMs: 2000, allowLoopback: true, origin: 'http://site.test' };

  it('two senders on one database deliver each event once', async () => {
    const { db } = scratch();
    const seen: string[] = [];
    const hook = await listen((req, res) => {
      seen.push(String(req.headers['x-alert-event']));
      res.writeHead(200).end();
    });
    await db.insert(alertWebhooks).values({ url: `http://127.0.0.1:${hook.port}/`, secret: 's', createdAt: new Date().toISOString() });
    const fresh = await storeEvents(db, 1, [1, 2, 3, 4, 5, 6, 7, 8].map(event));
    expect(fresh).toHaveLength(8);
    // The same events again (a second run): nothing new, no second delivery row.
    expect(await storeEvents(db, 2, [1, 2, 3].map(event))).toEqual([]);
    const [a, b] = await Promise.all([deliverDue(db, policy), deliverDue(db, policy)]);
    expect(a + b).toBe(8);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => event(n).id).sort());
  });

  it('a row claimed by a sender that died is sent again once its lease has run out, not before', async () => {
    const { db } = scratch();
    await db.delete(alertDeliveries);
    await db.delete(alertWebhooks);
    const seen: string[] = [];
    const hook = await listen((req, res) => {
      seen.push(String(req.headers['x-alert-event']));
      res.writeHead(200).end();
    });
    const [w] = await db
      .insert(alertWebhooks)
      .values({ url: `http://127.0.0.1:${hook.port}/`, secret: 's', createdAt: new Date().toISOString() })
      .returning();
    await storeEvents(db, 3, [event(9)]);
    // A sender elsewhere claimed it and died: its lease still runs.
    await db.run(sql`UPDATE alert_deliveries SET lease_owner = 'dead', lease_until = ${Date.now() + 60_000} WHERE webhook_id = ${w.id}`);
    expect(await deliverDue(db, policy)).toBe(0);
    await db.run(sql`UPDATE alert_deliveries SET lease_until = ${Date.now() - 1} WHERE webhook_id = ${w.id}`);
    expect(await deliverDue(db, policy)).toBe(1);
    expect(seen).toEqual([event(9).id]);
  });
});
