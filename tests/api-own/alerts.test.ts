/**
 * Alerts end to end on the two-chain local setup (scripts/lib/ingest-scenario.ts):
 * the scenario's stablecoin priced by a feed on the second chain, published at $1.00 on day 2;
 * then on day 3 its feed answers $0.97 (a depeg), 1,000,000 more are minted (a supply move of
 * 20%) and gold jumps 11x (held by the breaker). `npm run ingest` publishes day 3 and the events
 * appear once each: on their page, in the Atom feed (read by a feed parser), in the JSON Feed, and
 * in a signed webhook to a loopback receiver that checks the signature; a receiver that fails
 * twice gets each event on the third try; a second run of the same day adds nothing. On day 4 a new
 * fund makes the RWA total jump 17x: the run is held whole, and its one hold event shows no refused figure.
 * The secrets are answered once, at registration, and never listed again.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAtomFeed, parseJsonFeed } from 'feedsmith';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { playJump, startScenario, WALLETS, type Scenario } from '../../scripts/lib/ingest-scenario.ts';
import { call, deploy } from '../../scripts/lib/local-chains.ts';
import { verifySignature } from '#lib/server/alerts/sign.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { getOk, runIngestCli } from '../support/ingest.ts';
import { api, loginCookie } from '../support/http.ts';

const DAY = 86_400;
let s: Scenario;
let server: RunningServer;
let env: Record<string, string>;
let cookie: string;
let day3: string;

interface Received {
  event: string;
  verified: boolean;
  body: { id: string; kind: string };
}
/** A loopback webhook receiver: checks the signature with its secret; `failFirst` answers 500 to the first tries of each event. */
function receiver(failFirst = 0) {
  const got: Received[] = [];
  const tries = new Map<string, number>();
  let secret = '';
  const http: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const event = String(req.headers['x-alert-event']);
      const n = (tries.get(event) ?? 0) + 1;
      tries.set(event, n);
      if (n <= failFirst) return res.writeHead(500).end('not now');
      got.push({ event, verified: verifySignature(secret, body, String(req.headers['x-signature'])), body: JSON.parse(body) });
      res.writeHead(204).end();
    });
  });
  return {
    got,
    tries,
    setSecret: (v: string) => (secret = v),
    secret: () => secret,
    listen: () =>
      new Promise<string>((ok) => http.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(http.address() as AddressInfo).port}/hook`))),
    close: () => new Promise((ok) => http.close(ok)),
  };
}
const good = receiver();
const flaky = receiver(2);

const get = (path: string) => getOk(server.baseUrl, path);
/** Polls until `done` (the test's timeout bounds it: no timed assertion). */
async function until(done: () => boolean | Promise<boolean>) {
  while (!(await done())) await new Promise((r) => setTimeout(r, 50));
}

beforeAll(async () => {
  s = await startScenario();
  // Day 2 (after the scenario's last block on the second chain): a USDX price feed at $1.00.
  const feedB = await deploy(s.b, s.day0 + 2 * DAY + 40_000, 'TestPriceFeed');
  await call(s.b, s.day0 + 2 * DAY + 40_100, feedB, 'TestPriceFeed', 'set', [100_000_000n]);
  const registry = structuredClone(s.registry) as { assets: Array<{ symbol: string; price: unknown }> };
  registry.assets.find((a) => a.symbol === 'USDX')!.price = { kind: 'feed', chain: 'arbitrum', address: feedB, maxAgeHours: 336 };
  const registryFile = join(mkdtempSync(join(tmpdir(), 'rwa-alerts-')), 'registry.json');
  writeFileSync(registryFile, JSON.stringify(registry));
  server = await startServer({
    env: { INGEST_REGISTRY: registryFile, ALERTS_WEBHOOK_ALLOW_LOOPBACK: '1', ALERTS_WEBHOOK_BACKOFF_MS: '50' },
  });
  env = { ...s.env, DATABASE_URL: server.databaseUrl, INGEST_REGISTRY: registryFile };
  cookie = await loginCookie(server.baseUrl);
  for (const r of [good, flaky]) {
    const res = await api(server.baseUrl, '/api/alerts/webhooks', { body: { url: await r.listen() }, cookie });
    expect(res.status).toBe(201);
    r.setSecret(((await res.json()) as { secret: string }).secret);
  }

  // Day 2 published: the baseline (a first run makes no event).
  const first = await runIngestCli(['--from', s.days[2], '--to', s.days[2]], env);
  expect(first.code, first.stdout + first.stderr).toBe(0);
  expect(first.stdout).not.toContain('alerts:');

  // Day 3: gold jumps 11x (held), and on the second chain USDX's feed answers $0.97 and 1,000,000 more are minted.
  day3 = await playJump(s);
  await call(s.b, s.day0 + 3 * DAY + 37_000, feedB, 'TestPriceFeed', 'set', [97_000_000n]);
  await call(s.b, s.day0 + 3 * DAY + 37_100, s.contracts.usdxB, 'TestToken', 'mint', [WALLETS.carol, 1_000_000n * 10n ** 6n]);
  const second = await runIngestCli(['--from', day3, '--to', day3], env);
  expect(second.code, second.stdout + second.stderr).toBe(0);
  expect(second.stdout).toContain(`published, as of ${day3}`);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await s?.stop();
  await Promise.all([good.close(), flaky.close()]);
});

const ids = () => [`depeg-usdx-${day3}`, `hold-gold-ethereum-${day3}`, `supply-move-usdx-${day3}`];

describe('alerts from the published figures of the two-chain scenario', () => {
  it('the run that published day 3 made exactly the depeg, the supply move and the hold', async () => {
    const list = (await get('/api/alerts')) as Array<{ id: string }>;
    expect(list.map((e) => e.id).sort()).toEqual(ids());
  });

  it('each event appears once on its page, with the figures before and after, the block and the source', async () => {
    const index = (await get('/alerts')) as string;
    for (const id of ids()) expect(index.split(`data-alert-id="${id}"`).length - 1, id).toBe(1);

    const depeg = (await get(`/alerts/depeg-usdx-${day3}`)) as string;
    expect(depeg.split('data-testid="alert-page"').length - 1).toBe(1);
    expect(depeg).toContain('USDX at $0.97, 3.00% off its $1 peg');
    expect(depeg).toMatch(/data-testid="alert-before">\$1\.00</);
    expect(depeg).toMatch(/data-testid="alert-after">\$0\.97</);
    expect(depeg).toMatch(/block \d+/);

    const supply = (await get(`/alerts/supply-move-usdx-${day3}`)) as string;
    expect(supply).toContain('USDX supply +20.00% in a day (5,000,000 to 6,000,000)');
    expect(supply).toMatch(/data-testid="alert-before">5,000,000(\.00)? tokens</);

    const hold = (await get(`/alerts/hold-gold-ethereum-${day3}`)) as string;
    expect(hold).toContain('GOLD on Ethereum held by the circuit breaker');
    expect(hold).toContain('a jump above the 5× bound over its last published figure ($265.05K)');
    // The published figure (still served) with its block; of the refused read, where it was read, its figures withheld.
    expect(hold).toMatch(/data-testid="alert-before">\$265\.05K</);
    expect(hold).toMatch(/data-testid="alert-after">\s*Withheld\s*</);
    expect(hold.split('data-testid="alert-withheld"').length - 1).toBe(1);
    expect(hold.split('data-testid="alert-block"').length - 1).toBe(2);
    // The refused figure (1,100 GOLD at $2,650.50) appears in no form, on the page or in the API.
    const holdApi = JSON.stringify(await get(`/api/alerts/hold-gold-ethereum-${day3}`));
    for (const f of ['2915550', '2,915,550', '$2.92M', '1,100', '"1100"']) {
      expect(hold, f).not.toContain(f);
      expect(holdApi, f).not.toContain(f);
    }

    const api404 = await fetch(`${server.baseUrl}/alerts/depeg-usdx-1999-01-01`);
    expect(api404.status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/alerts/nope`)).status).toBe(404);
  });

  it('the Atom feed (read by a feed parser) and the JSON Feed list each event once, all and per asset, class and network', async () => {
    const atom = parseAtomFeed((await get('/api/alerts/feed.atom')) as string);
    const atomIds = (atom.entries ?? []).map((e) => e.id!.replace(/^.*\/alerts\//, ''));
    expect(atomIds.sort()).toEqual(ids());
    expect(atom.entries!.find((e) => e.id!.endsWith(`depeg-usdx-${day3}`))!.links![0].href).toBe(
      `${server.baseUrl}/alerts/depeg-usdx-${day3}`,
    );

    const json = parseJsonFeed(await get('/api/alerts/feed.json'));
    expect((json.items ?? []).map((i) => String(i.id).replace(/^.*\/alerts\//, '')).sort()).toEqual(ids());

    const of = async (q: string) =>
      (
        (parseAtomFeed((await get(`/api/alerts/feed.atom?${q}`)) as string).entries ?? []).map((e) =>
          e.id!.replace(/^.*\/alerts\//, ''),
        ) as string[]
      ).sort();
    expect(await of('asset=usdx')).toEqual([`depeg-usdx-${day3}`, `supply-move-usdx-${day3}`]);
    expect(await of('class=stablecoins')).toEqual([`depeg-usdx-${day3}`, `supply-move-usdx-${day3}`]);
    expect(await of('class=commodities')).toEqual([`hold-gold-ethereum-${day3}`]);
    expect(await of('network=ethereum')).toEqual([`hold-gold-ethereum-${day3}`]);
    expect(await of('network=arbitrum')).toEqual([`depeg-usdx-${day3}`, `supply-move-usdx-${day3}`]);
    expect((await fetch(`${server.baseUrl}/api/alerts/feed.json?asset=%3Cscript%3E`)).status).toBe(400);
  });

  it('the sitemap lists /alerts and each event page, dated when its run made it', async () => {
    const xml = (await get('/sitemap.xml')) as string;
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((m) => [new URL(m[1]).pathname, m[2]]);
    const events = (await get('/api/alerts')) as Array<{ id: string; url: string; createdAt: string }>;
    expect(locs).toContainEqual(['/alerts', events[0].createdAt]);
    for (const e of events) expect(locs).toContainEqual([`/alerts/${e.id}`, e.createdAt]);
    expect(locs.filter(([p]) => p.startsWith('/alerts/')).length).toBe(events.length);
  });

  it('the answers match the OpenAPI document', async () => {
    const doc = await get('/api/openapi.json');
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
    const check = (name: string, body: unknown) => {
      const v = ajv.getSchema(`doc#/components/schemas/${name}`)!;
      expect(v(body), `${name}: ${JSON.stringify(v.errors?.slice(0, 2))}`).toBe(true);
    };
    check('Alerts', await get('/api/alerts?network=arbitrum'));
    check('Alert', await get(`/api/alerts/hold-gold-ethereum-${day3}`));
    check('JsonFeed', await get('/api/alerts/feed.json?class=stablecoins'));
  });

  it('a signed webhook reaches the loopback receiver once per event, and its signature checks', async () => {
    await until(() => good.got.length >= 3);
    expect(good.got.map((g) => g.event).sort()).toEqual(ids());
    expect(good.got.every((g) => g.verified)).toBe(true);
    expect(good.got.find((g) => g.event === `depeg-usdx-${day3}`)!.body).toMatchObject({ id: `depeg-usdx-${day3}`, kind: 'depeg' });
  });

  it('a receiver that fails twice gets each event on the third try, and the delivery log in Settings shows the three', async () => {
    await until(() => flaky.got.length >= 3);
    expect(flaky.got.map((g) => g.event).sort()).toEqual(ids());
    expect([...flaky.tries.values()]).toEqual([3, 3, 3]);
    const hooks = (await (await api(server.baseUrl, '/api/alerts/webhooks', { cookie })).json()) as Array<{
      url: string;
      deliveries: Array<{ eventId: string; status: string; attempts: number; log: Array<{ status?: number }> }>;
    }>;
    const flakyHook = hooks.find((h) => h.deliveries.every((d) => d.attempts === 3))!;
    expect(flakyHook.deliveries.map((d) => [d.status, d.log.map((l) => l.status)])).toEqual(
      ids().map(() => ['delivered', [500, 500, 204]]),
    );
    const settings = await (await api(server.baseUrl, '/admin/settings', { cookie })).text();
    for (const id of ids()) expect(settings).toContain(id);
    expect(settings).toContain('answered 500: not now');
    // The secrets were answered once, at registration: no list call and no Settings view holds them, a hint names them.
    const listed = JSON.stringify(hooks);
    for (const r of [good, flaky]) {
      expect(listed).not.toContain(r.secret().slice(6));
      expect(settings).not.toContain(r.secret().slice(6));
      expect(settings).toContain(`whsec_…${r.secret().slice(-4)}`);
    }
    // This server has no ALERTS_WEBHOOK_KEY: Settings and the start-up line say the secrets are stored unencrypted.
    expect(settings).toContain('ALERTS_WEBHOOK_KEY is not set: webhook secrets are stored unencrypted');
    expect(server.output()).toContain('Alert webhooks: ALERTS_WEBHOOK_KEY is not set: webhook secrets are stored unencrypted');
    // Signed out: Settings is not shown, the webhooks API answers 401.
    expect((await api(server.baseUrl, '/admin/settings')).status).toBe(302);
    expect((await api(server.baseUrl, '/api/alerts/webhooks')).status).toBe(401);
  });

  it('a second run of the same day makes no duplicate event and no second delivery', async () => {
    const again = await runIngestCli(['--from', day3, '--to', day3], env);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).not.toContain('alerts:');
    expect(((await get('/api/alerts')) as unknown[]).length).toBe(3);
    const hooks = (await (await api(server.baseUrl, '/api/alerts/webhooks', { cookie })).json()) as Array<{ deliveries: unknown[] }>;
    expect(hooks.map((h) => h.deliveries.length)).toEqual([3, 3]);
    expect(good.got.length).toBe(3);
  });

  it('a run the totals breaker holds whole makes one hold event, with no refused figure, on its page, in the feeds and to the webhooks', async () => {
    // Day 4: a new fund of 10,000,000 at $1 appears. It has no cell before it (no per-asset hold), so the RWA total jumps 17x.
    const time = s.day0 + 4 * DAY + 36_000;
    const big = await deploy(s.a, time, 'TestToken', ['Big Test Fund', 'BIG', 6]);
    await call(s.a, time + 10, big, 'TestToken', 'mint', [WALLETS.alice, 10_000_000n * 10n ** 6n]);
    const registry = JSON.parse(readFileSync(env.INGEST_REGISTRY, 'utf8')) as { assets: unknown[] };
    registry.assets.push({
      symbol: 'BIG',
      name: 'Big Test Fund',
      issuer: 'Test Vaults',
      assetClass: 'U.S. Treasuries',
      price: { kind: 'fixed', usd: '1.00' },
      deployments: [{ chain: 'ethereum', address: big, startBlock: 0, excludeHolders: [] }],
    });
    const bigger = join(mkdtempSync(join(tmpdir(), 'rwa-alerts-')), 'registry.json');
    writeFileSync(bigger, JSON.stringify(registry));
    const day4 = new Date(time * 1000).toISOString().slice(0, 10);
    const run = await runIngestCli(['--from', day4, '--to', day4], { ...env, INGEST_REGISTRY: bigger });
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stderr).toContain('circuit breaker: total RWA value: a jump above the 5× bound');

    const id = `hold-run-${day4}`;
    const event = await get(`/api/alerts/${id}`);
    expect(event).toMatchObject({ kind: 'hold', asset: null, network: null, networks: [], evidence: { after: null, reads: [] } });
    expect(event.evidence.before.value).toBeGreaterThan(0);
    expect(event.evidence.note).toMatch(/a jump above the 5× bound over its last published figure \(\$\d+\.\d{2}[KMB]?\)/);
    const page = (await get(`/alerts/${id}`)) as string;
    expect(page).toContain(`The run of ${day4} held whole by the circuit breaker (its total RWA value)`);
    expect(page).toContain('The breaker compared the run&#39;s totals, not one read');
    const atom = parseAtomFeed((await get('/api/alerts/feed.atom')) as string);
    expect((atom.entries ?? []).filter((e) => e.id!.endsWith(`/alerts/${id}`)).length).toBe(1);
    const json = JSON.stringify(await get('/api/alerts/feed.json'));
    // The refused figures (the new fund's 10,000,000 and the total it makes) are nowhere.
    for (const text of [page, JSON.stringify(event), json, (await get('/alerts')) as string])
      for (const f of ['10000000', '10,000,000', '$10.00M']) expect(text, f).not.toContain(f);
    await until(() => good.got.length >= 4);
    expect(good.got.filter((g) => g.event === id).length).toBe(1);
    // The next run of the day, held again, makes no second event.
    expect((await runIngestCli(['--from', day4, '--to', day4], { ...env, INGEST_REGISTRY: bigger })).code).toBe(3);
    expect(((await get('/api/alerts')) as unknown[]).length).toBe(4);
  }, 60_000);

  it('refuses to register a webhook to an internal address (loopback is allowed only by the tests setting)', async () => {
    for (const url of [
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00::1]/',
      'ftp://example.com/',
      'https://u:p@example.com/',
      // What delivery refuses, registration refuses: plain http, a privileged port, an internal name.
      'http://hooks.example.com/hook',
      'https://hooks.example.com:25/hook',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://intranet/hook',
    ]) {
      const res = await api(server.baseUrl, '/api/alerts/webhooks', { body: { url }, cookie });
      expect(res.status, url).toBe(400);
    }
  });
});
