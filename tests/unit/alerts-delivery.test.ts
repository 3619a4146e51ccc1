/**
 * Webhook deliveries against real sockets on loopback: the attacks a webhook URL can
 * carry are refused before any byte is sent (127.0.0.1, 10.x, 169.254.169.254, [::1], a name
 * resolving to loopback, a redirect to loopback), every delivery has a timeout and a cap on the
 * answer; and the outbox: two senders on one database deliver each event once (the lease), a row
 * whose sender died is taken up again once its lease has run out, deliveries run side by side (a
 * hanging receiver holds up only its own, at most PER_RECEIVER at once to one receiver), a target
 * refused as internal is given up at once, and a webhook registered before the target rule is
 * disabled. The secrets: shown once, stored encrypted under a key, rotated with a grace period in
 * which both sign (Stripe's own library accepts either).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { postJson } from '#lib/server/alerts/post.ts';
import { RefusedTarget } from '#lib/server/alerts/target.ts';
import { deliverDue, PER_RECEIVER } from '#lib/server/alerts/deliver.ts';
import { listWebhooks, prepareWebhooks, registerWebhook, rotateSecret } from '#lib/server/alerts/webhooks.ts';
import { isSealed, openStored } from '#lib/server/alerts/secret-box.ts';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { storeEvents } from '#lib/server/alerts/record.ts';
import { alertDeliveries, alertWebhooks } from '#db/schema/index.ts';
import type { AlertEvent } from '#lib/server/alerts/types.ts';
import { verifySignature } from '#lib/server/alerts/sign.ts';
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

describe('deliveries side by side, and what is given up at once', () => {
  const scratch = useScratchDatabase('alerts-side-by-side');
  const event = (n: number): AlertEvent => ({
    id: `supply-move-s${n}-2026-11-21`,
    kind: 'supply-move',
    day: '2026-11-21',
    assetSymbol: `S${n}`,
    assetClass: 'U.S. Treasuries',
    chain: null,
    chains: ['ethereum'],
    title: `S${n} supply +20.00% in a day`,
    evidence: { measure: 'supply', unit: 'tokens', before: null, after: null, change: 0.2, rule: 'r', reads: [] },
  });
  const policy = { backoffMs: 10, timeoutMs: 20_000, allowLoopback: true, origin: 'http://site.test' };
  const addHook = async (url: string) =>
    (await scratch().db.insert(alertWebhooks).values({ url, secret: 's', createdAt: new Date().toISOString() }).returning())[0];
  const rowsOf = (webhookId: number) => scratch().db.select().from(alertDeliveries).where(eq(alertDeliveries.webhookId, webhookId));
  const reset = async () => {
    await scratch().db.delete(alertDeliveries);
    await scratch().db.delete(alertWebhooks);
  };

  it('a receiver that hangs does not hold up the delivery to another', async () => {
    await reset();
    const hanging: ServerResponse[] = [];
    const slow = await listen((_req, res) => hanging.push(res));
    let slowStillOpen: boolean | undefined;
    const fast = await listen((_req, res) => {
      // Answered while the other receiver still holds its request: nobody waited for it.
      slowStillOpen = hanging.length > 0 && !hanging[0].writableEnded;
      res.writeHead(204).end();
    });
    // The hanging receiver's row comes first in the outbox.
    await addHook(`http://127.0.0.1:${slow.port}/`);
    const quick = await addHook(`http://127.0.0.1:${fast.port}/`);
    await storeEvents(scratch().db, 1, [event(1)]);
    const pass = deliverDue(scratch().db, policy);
    while (slowStillOpen === undefined) await new Promise((r) => setTimeout(r, 20));
    expect(slowStillOpen).toBe(true);
    // The fast receiver has answered; its row is marked delivered once that answer is read, while
    // the other receiver still holds its request (on a busy machine, some milliseconds later).
    await vi.waitFor(async () => expect((await rowsOf(quick.id))[0].status).toBe('delivered'), { timeout: 10_000, interval: 20 });
    expect(hanging.every((res) => !res.writableEnded)).toBe(true);
    for (const res of hanging) res.writeHead(204).end();
    expect(await pass).toBe(2);
  });

  it(`sends at most ${PER_RECEIVER} at once to one receiver, whichever instance sends`, async () => {
    await reset();
    let open = 0;
    let most = 0;
    const hook = await listen((_req, res) => {
      open++;
      most = Math.max(most, open);
      setTimeout(() => {
        open--;
        res.writeHead(204).end();
      }, 60);
    });
    await addHook(`http://127.0.0.1:${hook.port}/`);
    await storeEvents(
      scratch().db,
      2,
      [2, 3, 4, 5, 6, 7, 8, 9].map((n) => event(n)),
    );
    // Two instances' passes at once on one database.
    const [a, b] = await Promise.all([deliverDue(scratch().db, policy), deliverDue(scratch().db, policy)]);
    expect(a + b).toBe(8);
    expect(hook.hits).toBe(8);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(PER_RECEIVER);
  });

  it('a name that resolves to an internal address is given up after one attempt, not retried', async () => {
    await reset();
    const hook = await addHook('https://hooks.example.com/in');
    await storeEvents(scratch().db, 3, [event(10)]);
    const rebound = { ...policy, allowLoopback: false, resolve: async () => ['10.0.0.7'] };
    expect(await deliverDue(scratch().db, rebound)).toBe(1);
    const [row] = await rowsOf(hook.id);
    expect([row.status, row.attempts]).toEqual(['failed', 1]);
    expect(row.log[0].error).toMatch(/^refused: hooks\.example\.com resolves to 10\.0\.0\.7/);
    expect(await deliverDue(scratch().db, rebound)).toBe(0);
  });

  it('a webhook registered before the target rule is disabled with the reason, at the start and at its next delivery', async () => {
    await reset();
    const plain = await addHook('http://hooks.example.com/old');
    const odd = await addHook('https://hooks.example.com:25/old');
    await storeEvents(scratch().db, 4, [event(11)]);
    // Its next delivery: refused by the rule, given up at once, the webhook disabled.
    expect(await deliverDue(scratch().db, { ...policy, allowLoopback: false })).toBe(2);
    for (const h of [plain, odd]) expect((await rowsOf(h.id)).map((r) => [r.status, r.attempts])).toEqual([['failed', 1]]);
    const listed = await listWebhooks(scratch().db);
    expect(listed.find((h) => h.id === plain.id)!.disabledReason).toMatch(/^plain http: is refused/);
    expect(listed.find((h) => h.id === odd.id)!.disabledReason).toMatch(/^port 25 is refused/);
    // No new delivery is made for a disabled webhook; a start disables one too (and says so once).
    const later = await addHook('https://foo.localhost/hook');
    expect(await prepareWebhooks(scratch().db, { allowLoopback: false })).toEqual({ sealed: 0, disabled: 1 });
    expect(await prepareWebhooks(scratch().db, { allowLoopback: false })).toEqual({ sealed: 0, disabled: 0 });
    await storeEvents(scratch().db, 5, [event(12)]);
    for (const h of [plain, odd, later]) expect((await rowsOf(h.id)).length).toBe(h === later ? 0 : 1);
    // And registration refuses what delivery refuses.
    for (const url of ['https://localhost./x', 'https://foo.localhost/x', 'http://hooks.example.com/x', 'https://hooks.example.com:22/x'])
      await expect(registerWebhook(scratch().db, url, { allowLoopback: false }), url).rejects.toMatchObject({ status: 400 });
  });
});

describe('webhook secrets: shown once, stored encrypted, rotated with a grace period', () => {
  const scratch = useScratchDatabase('alerts-secrets');
  const key = Buffer.alloc(32, 7);
  const event: AlertEvent = {
    id: 'depeg-r1-2026-11-22',
    kind: 'depeg',
    day: '2026-11-22',
    assetSymbol: 'R1',
    assetClass: 'Stablecoins',
    chain: null,
    chains: ['ethereum'],
    title: 'R1 off its peg',
    evidence: { measure: 'price', unit: 'usd', before: null, after: { day: '2026-11-22', value: 0.9 }, change: -0.1, rule: 'r', reads: [] },
  };

  it('are answered at registration only, stored sealed, and listed as a hint', async () => {
    const { db } = scratch();
    const made = await registerWebhook(db, 'https://hooks.example.com/a', { allowLoopback: false, secretKey: key });
    expect(made.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const [row] = await db.select().from(alertWebhooks).where(eq(alertWebhooks.id, made.id));
    expect(isSealed(row.secret)).toBe(true);
    expect(row.secret).not.toContain(made.secret.slice(6, 20));
    expect(openStored(row.secret, key)).toBe(made.secret);
    expect(() => openStored(row.secret, Buffer.alloc(32, 8))).toThrow(/another ALERTS_WEBHOOK_KEY/);
    expect(() => openStored(row.secret, undefined)).toThrow(/ALERTS_WEBHOOK_KEY is not set/);
    const listed = JSON.stringify(await listWebhooks(db));
    expect(listed).not.toContain(made.secret.slice(6));
    expect(listed).not.toContain(row.secret);
    expect(listed).toContain(`whsec_…${made.secret.slice(-4)}`);
  });

  it('stored as made are encrypted by the first start that has the key, once, however many start at once', async () => {
    const { db } = scratch();
    const plain = await registerWebhook(db, 'https://hooks.example.com/b', { allowLoopback: false });
    const [before] = await db.select().from(alertWebhooks).where(eq(alertWebhooks.id, plain.id));
    expect(before.secret).toBe(plain.secret);
    // Three servers sharing the database start together with the key.
    const starts = await Promise.all([1, 2, 3].map(() => prepareWebhooks(db, { allowLoopback: false, secretKey: key })));
    expect(starts.reduce((n, s) => n + s.sealed, 0)).toBe(1);
    const [after] = await db.select().from(alertWebhooks).where(eq(alertWebhooks.id, plain.id));
    expect(isSealed(after.secret)).toBe(true);
    expect(openStored(after.secret, key)).toBe(plain.secret);
    expect((await prepareWebhooks(db, { allowLoopback: false, secretKey: key })).sealed).toBe(0);
  });

  it('a rotation signs with both secrets until its grace period ends, and Stripe’s own library accepts either', async () => {
    const { db } = scratch();
    await db.delete(alertWebhooks);
    const got: Array<{ body: string; signature: string }> = [];
    // A receiver of its own: listen() drains the body before its handler runs.
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        got.push({ body, signature: String(req.headers['x-signature']) });
        res.writeHead(204).end();
      });
    });
    servers.push(receiver);
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    const hook = { port: (receiver.address() as AddressInfo).port };
    const keys = { allowLoopback: true, secretKey: key };
    const made = await registerWebhook(db, `http://127.0.0.1:${hook.port}/r`, keys);
    const rotated = await rotateSecret(db, made.id, 24, keys);
    expect(rotated.secret).not.toBe(made.secret);
    expect(Date.parse(rotated.previousSecretUntil!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const policy = { backoffMs: 10, timeoutMs: 5_000, allowLoopback: true, origin: 'http://site.test', secretKey: key };
    await storeEvents(db, 6, [event]);
    expect(await deliverDue(db, policy)).toBe(1);
    const stripe = new Stripe('sk_test_unused');
    const [during] = got;
    expect(during.signature.match(/v1=/g)).toHaveLength(2);
    for (const secret of [made.secret, rotated.secret]) {
      expect(verifySignature(secret, during.body, during.signature)).toBe(true);
      expect(stripe.webhooks.constructEvent(during.body, during.signature, secret)).toMatchObject({ id: event.id });
    }
    expect(() => stripe.webhooks.constructEvent(during.body, during.signature, 'whsec_other')).toThrow();
    expect(() => stripe.webhooks.constructEvent(during.body.replace('R1', 'R2'), during.signature, rotated.secret)).toThrow();

    // Past the grace period (a rotation without one ends it at once): only the new secret signs.
    const again = await rotateSecret(db, made.id, 0, keys);
    await db.delete(alertDeliveries);
    await storeEvents(db, 7, [{ ...event, id: 'depeg-r1-2026-11-23', day: '2026-11-23' }]);
    expect(await deliverDue(db, policy)).toBe(1);
    const after = got[1];
    expect(after.signature.match(/v1=/g)).toHaveLength(1);
    expect(stripe.webhooks.constructEvent(after.body, after.signature, again.secret)).toBeTruthy();
    for (const old of [made.secret, rotated.secret])
      expect(() => stripe.webhooks.constructEvent(after.body, after.signature, old)).toThrow();
    expect(JSON.stringify(await listWebhooks(db))).not.toContain(again.secret.slice(6));
  });
});
