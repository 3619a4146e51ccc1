/**
 * The alerts' outbox on a real libSQL server: two Node servers polling it and a
 * Netlify-style drain (deliverDue in this process, as netlify/functions/alerts-drain.mts runs it)
 * share one sqld database. Each event reaches the loopback receiver once, each delivery row is
 * sent by one of them in one attempt, and a row whose sender died holding its lease is sent once
 * that lease has run out, never before. The servers have ALERTS_WEBHOOK_KEY: the secret is stored
 * encrypted, and each sender signs with it all the same.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client.ts';
import { storeEvents } from '#lib/server/alerts/record.ts';
import { deliverDue } from '#lib/server/alerts/deliver.ts';
import { verifySignature } from '#lib/server/alerts/sign.ts';
import type { AlertEvent } from '#lib/server/alerts/types.ts';
import { api, loginCookie } from '../support/http.ts';
import { startContentRemote, startInstance, startSqld, type ContentRemote, type RunningSqld } from '../support/sqld.ts';
import type { RunningServer } from '../support/server.ts';

let sqld: RunningSqld | undefined;
let remote: ContentRemote | undefined;
let receiver: Server | undefined;
const servers: RunningServer[] = [];

afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
  await new Promise((ok) => (receiver ? receiver.close(ok) : ok(undefined)));
  await remote?.git.close().catch(() => undefined);
  await sqld?.stop();
  if (remote) rmSync(remote.dir, { recursive: true, force: true });
});

const EVENTS = 24;
const event = (i: number): AlertEvent => ({
  id: `supply-move-t${i}-2026-11-20`,
  kind: 'supply-move',
  day: '2026-11-20',
  assetSymbol: `T${i}`,
  assetClass: 'U.S. Treasuries',
  chain: null,
  chains: ['ethereum'],
  title: `T${i} supply +20.00% in a day`,
  evidence: { measure: 'supply', unit: 'tokens', before: null, after: null, change: 0.2, rule: 'a supply move', reads: [] },
});

/** Polls until `done` (the test's timeout bounds it: no timed assertion). */
async function until(done: () => boolean | Promise<boolean>) {
  while (!(await done())) await new Promise((r) => setTimeout(r, 50));
}

describe('alert deliveries on sqld, from two servers and a drain at once', () => {
  it(
    'sends each event once, each row in one attempt; a dead sender’s row waits for its lease, then goes once',
    { timeout: 180_000 },
    async () => {
      [sqld, remote] = await Promise.all([startSqld(), startContentRemote()]);
      // Both servers poll the outbox every 50 ms (the first retry delay): they race for every row.
      // With a key: the secret is stored encrypted, and every sender opens it with the same key.
      const key = 'ab'.repeat(32);
      const env = { ALERTS_WEBHOOK_ALLOW_LOOPBACK: '1', ALERTS_WEBHOOK_BACKOFF_MS: '50', ALERTS_WEBHOOK_KEY: key };
      servers.push(...(await Promise.all([startInstance('node', sqld, remote, { env }), startInstance('node', sqld, remote, { env })])));

      let secret = '';
      const got: Array<{ event: string; verified: boolean }> = [];
      receiver = createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        // Answered on the next turn, so a second sender of the same row would have the time to send it too.
        req.on('end', () =>
          setImmediate(() => {
            got.push({
              event: String(req.headers['x-alert-event']),
              verified: verifySignature(secret, body, String(req.headers['x-signature'])),
            });
            res.writeHead(204).end();
          }),
        );
      });
      await new Promise<void>((ok) => receiver!.listen(0, '127.0.0.1', ok));
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const cookie = await loginCookie(servers[0].baseUrl);
      const res = await api(servers[0].baseUrl, '/api/alerts/webhooks', { body: { url }, cookie });
      expect(res.status).toBe(201);
      secret = ((await res.json()) as { secret: string }).secret;

      // The run's hook stores the events and their outbox rows in one transaction, over HTTP to sqld.
      const { db, client } = openDatabase({ url: sqld.url, authToken: sqld.authToken });
      const policy = {
        backoffMs: 50,
        timeoutMs: 5_000,
        allowLoopback: true,
        origin: 'http://localhost',
        secretKey: Buffer.from(key, 'hex'),
      };
      const stored = await client.execute('SELECT secret FROM alert_webhooks');
      expect(String(stored.rows[0].secret)).toMatch(/^enc:v1:/);
      expect(String(stored.rows[0].secret)).not.toContain(secret.slice(6));
      for (const s of servers) expect(s.output()).toContain('Alert webhooks: webhook secrets are stored encrypted (ALERTS_WEBHOOK_KEY)');
      try {
        const fresh = await storeEvents(
          db,
          1,
          Array.from({ length: EVENTS }, (_, i) => event(i)),
        );
        expect(fresh.length).toBe(EVENTS);
        // A third sender, as the Netlify drain function: it races the two servers.
        await until(async () => (await deliverDue(db, policy, 5_000)) >= 0 && got.length >= EVENTS);
        await until(async () => {
          const r = await client.execute("SELECT count(*) AS n FROM alert_deliveries WHERE status = 'delivered'");
          return Number(r.rows[0].n) === EVENTS;
        });
        expect(got.map((g) => g.event).sort()).toEqual(Array.from({ length: EVENTS }, (_, i) => event(i).id).sort());
        expect(got.every((g) => g.verified)).toBe(true);
        const rows = await client.execute('SELECT attempts, log FROM alert_deliveries');
        expect(rows.rows.map((r) => [Number(r.attempts), (JSON.parse(String(r.log)) as unknown[]).length])).toEqual(
          Array.from({ length: EVENTS }, () => [1, 1]),
        );

        // A sender killed while holding a row's lease: nobody takes the row until the lease has run out, then one does.
        // Stored not yet due (so no sender takes it first), then made due under the dead sender's lease.
        const [dead] = await storeEvents(db, 2, [event(EVENTS)], new Date(Date.now() + 3_600_000));
        const leaseUntil = Date.now() + 1_500;
        await client.execute({
          sql: "UPDATE alert_deliveries SET lease_owner = 'killed-instance', lease_until = ?, next_attempt_at = ? WHERE event_id = ?",
          args: [leaseUntil, Date.now(), dead],
        });
        await until(() => got.some((g) => g.event === dead));
        await until(async () => {
          const r = await client.execute({ sql: 'SELECT status FROM alert_deliveries WHERE event_id = ?', args: [dead] });
          return r.rows[0].status === 'delivered';
        });
        const row = (await client.execute({ sql: 'SELECT attempts, log FROM alert_deliveries WHERE event_id = ?', args: [dead] })).rows[0];
        // Its one attempt started after the lease ended (the time written in its log, not the test's clock).
        const log = JSON.parse(String(row.log)) as Array<{ at: string }>;
        expect([Number(row.attempts), log.length]).toEqual([1, 1]);
        expect(Date.parse(log[0].at)).toBeGreaterThanOrEqual(leaseUntil);
        expect(got.filter((g) => g.event === dead).length).toBe(1);
      } finally {
        client.close();
      }
    },
  );
});
