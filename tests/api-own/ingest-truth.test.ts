/**
 * What is true enough to publish, on real Anvil chains, run through `npm run ingest` into a scratch libSQL
 * file: a lock-and-mint bridge whose escrow is counted once (and whose releases are issuance), a
 * NAV read from a vault contract, a stale and a negative feed refused; a day of 25,000 blocks read
 * through loopback proxies answering in Infura's form (-32602 "range N exceeds limit of 10000") and
 * QuickNode's (HTTP 413, -32614 "eth_getLogs is limited to a 10,000 range"), one eth_getLogs per
 * range for all of a chain's deployments; and a reorg (anvil_reorg) that drops an indexed transfer.
 * Anvil mines about 100-200 blocks a second on this 2-core machine, so the 25,000-block chain costs a
 * few minutes once, shared by both providers' runs.
 * (One chain down while the other publishes, and the per-asset breaker: tests/api-own/ingest.test.ts.)
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  chainClient,
  deploy,
  freePort,
  mineBlocks,
  startAnvil,
  type Anvil,
  type LocalChain,
} from '../../scripts/lib/local-chains.ts';
import { getOk, runIngestCli } from '../support/ingest.ts';
import { startServer } from '../support/server.ts';
import { formatDay } from '#lib/shared/format.ts';
import { sized } from '../support/size.ts';

const DAY = 86_400;
const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
const units = (n: number, decimals: number) => BigInt(n) * 10n ** BigInt(decimals);
const dateOf = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
const W = {
  alice: '0x00000000000000000000000000000000000a11ce',
  bob: '0x0000000000000000000000000000000000000b0b',
  carol: '0x00000000000000000000000000000000000ca201',
  escrow: '0x000000000000000000000000000000000000e5c0',
} as const;
const anvils: Anvil[] = [];
const scratchDb = () => `file:${join(mkdtempSync(join(tmpdir(), 'rwa-truth-')), 'app.db')}`;
const writeJson = (value: unknown) => {
  const file = join(mkdtempSync(join(tmpdir(), 'rwa-registry-')), 'registry.json');
  writeFileSync(file, JSON.stringify(value));
  return file;
};
async function query(url: string, sql: string) {
  const c = createClient({ url });
  try {
    return (await c.execute(sql)).rows;
  } finally {
    c.close();
  }
}
const asset = (symbol: string, assetClass: string, price: unknown, deployments: unknown[], extra: Record<string, unknown> = {}) => ({
  symbol,
  name: `${symbol} test`,
  issuer: `${symbol} issuer`,
  assetClass,
  price,
  deployments,
  ...extra,
});

afterAll(async () => {
  await Promise.all(anvils.map((a) => a.stop()));
});

describe('counted once and priced honestly (19.3, 19.4)', () => {
  let a: LocalChain;
  let b: LocalChain;
  let registryFile: string;
  let day: string;
  let day0: number;
  const url = scratchDb();
  const c: Record<string, Address> = {};

  beforeAll(async () => {
    day0 = today - 4 * DAY;
    day = dateOf(day0);
    const [anvilA, anvilB] = await Promise.all([startAnvil(31337, day0 + 60), startAnvil(31338, day0 + 60)]);
    anvils.push(anvilA, anvilB);
    a = chainClient(anvilA);
    b = chainClient(anvilB);
    const t = (s: number) => day0 + s;
    c.xau = await deploy(a, t(100), 'TestToken', ['Gold', 'XAU', 6]);
    c.xau0 = await deploy(b, t(100), 'TestToken', ['Gold bridged', 'XAU0', 6]);
    c.gold = await deploy(a, t(110), 'TestPriceFeed');
    c.vault = await deploy(a, t(120), 'TestVault', ['Vault fund', 'VLT', 6]);
    c.staleToken = await deploy(a, t(130), 'TestToken', ['Stale', 'OLD', 6]);
    c.staleFeed = await deploy(a, t(140), 'TestPriceFeed');
    c.negToken = await deploy(a, t(150), 'TestToken', ['Negative', 'NEG', 6]);
    c.negFeed = await deploy(a, t(160), 'TestPriceFeed');
    c.fake = await deploy(a, t(170), 'TestToken', ['Fake', 'FAKE', 0]);
    c.accg = await deploy(a, t(180), 'TestToken', ['Gold certificate', 'ACCG', 6]);
    await call(a, t(200), c.gold, 'TestPriceFeed', 'set', [200_000_000_000n]); // $2,000.00
    await call(a, t(210), c.xau, 'TestToken', 'mint', [W.alice, units(1_000, 6)]);
    // Lock-and-mint: alice locks 300 in the escrow on A, 300 are minted to her on B.
    await call(a, t(300), c.xau, 'TestToken', 'transferFrom', [W.alice, W.escrow, units(300, 6)]);
    await call(b, t(310), c.xau0, 'TestToken', 'mint', [W.alice, units(300, 6)]);
    // Back: 100 burnt on B, released from the escrow to bob on A (issuance, not a transfer).
    await call(b, t(400), c.xau0, 'TestToken', 'burn', [W.alice, units(100, 6)]);
    await call(a, t(410), c.xau, 'TestToken', 'transferFrom', [W.escrow, W.bob, units(100, 6)]);
    // A real transfer between holders.
    await call(a, t(500), c.xau, 'TestToken', 'transferFrom', [W.alice, W.carol, units(50, 6)]);
    // A vault share with NAV 1.05: 1,000,000 shares, 1,050,000 of assets.
    await call(a, t(600), c.vault, 'TestVault', 'mint', [W.carol, units(1_000_000, 6)]);
    await call(a, t(610), c.vault, 'TestVault', 'setAssets', [units(1_050_000, 6)]);
    // A feed last updated three days before the close, and one answering a negative price.
    await call(a, t(700), c.staleToken, 'TestToken', 'mint', [W.bob, units(10, 6)]);
    await call(a, t(710), c.staleFeed, 'TestPriceFeed', 'setAt', [100_000_000n, BigInt(day0 - 2 * DAY)]);
    await call(a, t(720), c.negToken, 'TestToken', 'mint', [W.bob, units(10, 6)]);
    await call(a, t(730), c.negFeed, 'TestPriceFeed', 'set', [-100_000_000n]);
    // A token whose log claims 1e60 moved from bob, who holds 10.
    await call(a, t(800), c.fake, 'TestToken', 'mint', [W.bob, 10n]);
    await call(a, t(810), c.fake, 'TestToken', 'emitOnly', [W.bob, W.carol, 10n ** 60n]);
    // Two feeds that refuse to answer once their data is 12 h old (as RedStone's fundamental feeds do):
    // RVT's answers on the first day and refuses on the next; RVN's refuses from the start.
    c.rvt = await deploy(a, t(900), 'TestToken', ['Refusing', 'RVT', 6]);
    c.rvtFeed = await deploy(a, t(910), 'TestPriceFeed');
    c.rvn = await deploy(a, t(920), 'TestToken', ['Never answered', 'RVN', 6]);
    c.rvnFeed = await deploy(a, t(930), 'TestPriceFeed');
    await call(a, t(940), c.rvt, 'TestToken', 'mint', [W.bob, units(100, 6)]);
    await call(a, t(945), c.rvtFeed, 'TestPriceFeed', 'setAt', [102_000_000n, BigInt(t(945))]); // $1.02
    await call(a, t(950), c.rvtFeed, 'TestPriceFeed', 'setMaxAge', [12n * 3600n]);
    await call(a, t(960), c.rvn, 'TestToken', 'mint', [W.bob, units(100, 6)]);
    await call(a, t(970), c.rvnFeed, 'TestPriceFeed', 'setAt', [100_000_000n, BigInt(day0 - 2 * DAY)]);
    await call(a, t(980), c.rvnFeed, 'TestPriceFeed', 'setMaxAge', [12n * 3600n]);
    registryFile = writeJson({
      chains: {
        ethereum: { chainId: 31337, name: 'Ethereum', rpcEnv: 'RPC_URL_TRUTH_A' },
        arbitrum: { chainId: 31338, name: 'Arbitrum', rpcEnv: 'RPC_URL_TRUTH_B' },
      },
      assets: [
        asset(
          'XAU',
          'Commodities',
          { kind: 'feed', chain: 'ethereum', address: c.gold },
          [
            { chain: 'ethereum', address: c.xau, startBlock: 1 },
            { chain: 'arbitrum', address: c.xau0, startBlock: 1 },
          ],
          { bridge: { model: 'lock-and-mint', escrows: [{ chain: 'ethereum', address: W.escrow }] } },
        ),
        asset('VLT', 'U.S. Treasuries', { kind: 'vault', chain: 'ethereum', address: c.vault, decimals: 6 }, [
          { chain: 'ethereum', address: c.vault, startBlock: 1 },
        ]),
        asset('OLD', 'Commodities', { kind: 'feed', chain: 'ethereum', address: c.staleFeed }, [
          { chain: 'ethereum', address: c.staleToken, startBlock: 1 },
        ]),
        asset('NEG', 'Commodities', { kind: 'feed', chain: 'ethereum', address: c.negFeed }, [
          { chain: 'ethereum', address: c.negToken, startBlock: 1 },
        ]),
        asset('FAKE', 'Private Credit', { kind: 'fixed', usd: '1.00' }, [{ chain: 'ethereum', address: c.fake, startBlock: 1 }]),
        // Its "feed" is a token: latestRoundData() reverts, so its price is unreadable.
        asset('ACCG', 'Commodities', { kind: 'feed', chain: 'ethereum', address: c.negToken }, [
          { chain: 'ethereum', address: c.accg, startBlock: 1 },
        ]),
        ...(
          [
            ['RVT', c.rvtFeed, c.rvt],
            ['RVN', c.rvnFeed, c.rvn],
          ] as const
        ).map(([symbol, feed, token]) =>
          asset(
            symbol,
            'Private Credit',
            {
              kind: 'feed',
              chain: 'ethereum',
              address: feed,
              revertsWhenStale: { source: 'the feed contract: latestRoundData() requires its data younger than maxAge' },
            },
            [{ chain: 'ethereum', address: token, startBlock: 1 }],
          ),
        ),
      ],
    });
  }, 120_000);

  it('publishes the bridged gold once, the vault at its NAV; refuses the stale and the negative feed, and a token whose logs do not add up', async () => {
    const r = await runIngestCli(['--date', day], {
      DATABASE_URL: url,
      INGEST_REGISTRY: registryFile,
      RPC_URL_TRUTH_A: a.anvil.url,
      RPC_URL_TRUTH_B: b.anvil.url,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // A feed past its bound is not refused: the asset is valued at its last answer, "stale since" its date.
    expect(r.stdout).toMatch(
      /stale: OLD on ethereum valued at its last price, stale since \d{4}-\d\d-\d\d \(\d+ h old\): OLD: price stale since \d{4}-\d\d-\d\d: the feed's answer is stale: updated \d+\.\d h before the close, bound 26 h/,
    );
    // The chain's blocks stop early in the day: the day closes on an earlier block, and the run says so.
    expect(r.stdout).toMatch(/early close: ethereum: \d{4}-\d\d-\d\d read before the day's end: the latest head was still at block \d+/);
    // ... and plans the day's next read, when the head will have passed the close (the schedule starts it).
    expect(r.stdout).toContain(`close retry: INGEST_SCHEDULE reads ${day} again at `);
    // One asset whose price cannot be read (a feed address that is no feed) is that asset unread; the rest publishes (25.3).
    expect(r.stdout).toMatch(/not read: ACCG: price unreadable: /);
    expect(r.stdout).toMatch(/run \d+: published/);
    expect(r.stdout).toContain('not read: NEG: price refused: the feed answered a negative price (-100000000)');
    // The fake 1e60 transfer breaks the balance check: that deployment is not published, nor its transfer.
    expect(r.stdout).toMatch(/not read: FAKE on ethereum at block \d+: the index gives 0x0+b0b a negative balance/);
    const assets = Object.fromEntries(
      (await query(url, 'SELECT symbol, market_cap FROM assets')).map((x) => [x.symbol, Number(x.market_cap)]),
    );
    // 1,000 XAU exist once: 800 circulating on Ethereum (the escrow's 200 left out) + 200 minted on Arbitrum, x $2,000.
    // (Counting the escrow too would give 1,200 x $2,000.)
    // RVT's feed answers ($1.02 x 100); RVN's refuses with no earlier price: unknown, and the run says why.
    expect(assets).toEqual({ XAU: 2_000_000, VLT: 1_050_000, OLD: 10, RVT: 102 });
    expect(r.stdout).toMatch(
      /not read: RVN: price unknown: the feed refuses to answer once its data is older than its bound \(it reverted at block \d+\), and no earlier price was accepted/,
    );
    const [old] = await query(url, "SELECT stale FROM assets WHERE symbol = 'OLD'");
    expect(JSON.parse(String(old.stale))).toMatchObject({ since: dateOf(day0 - 2 * DAY), chains: ['ethereum'] });
    const obs = await query(
      url,
      "SELECT chain, supply, holders, asset_holders, price FROM ingest_observations WHERE asset_symbol = 'XAU' ORDER BY chain",
    );
    expect(obs.map((o) => [o.chain, o.supply, o.holders, o.asset_holders])).toEqual([
      ['arbitrum', '200', 1, 3],
      // alice, bob, carol on Ethereum (the escrow is not a holder); alice again on Arbitrum: 3 unique holders of XAU.
      ['ethereum', '800', 3, 3],
    ]);
    expect(Number((await query(url, "SELECT price FROM ingest_observations WHERE asset_symbol = 'VLT'"))[0].price)).toBeCloseTo(1.05, 9);
    // Only alice -> carol is a transfer: the lock into the escrow and the release from it are bridge moves.
    const transfers = await query(url, 'SELECT asset_symbol, usd_amount FROM transfers');
    expect(transfers.map((t) => [t.asset_symbol, Number(t.usd_amount)])).toEqual([['XAU', 100_000]]);
    const [run] = await query(url, 'SELECT overview FROM published_runs ORDER BY run_id DESC LIMIT 1');
    expect(JSON.parse(String(run.overview)).totalRWAValue).toBe('3050112');
  }, 60_000);

  it('the asset page of a built server shows the stale price with its last value, "Stale since" its date, never unknown (25.2)', async () => {
    const server = await startServer({ env: { DATABASE_URL: url, INGEST_REGISTRY: registryFile } });
    try {
      const since = dateOf(day0 - 2 * DAY);
      const api = await getOk(server.baseUrl, '/api/assets/old');
      // The feed's last answer ($1.00, set two days before the day) values the asset, marked stale since then.
      expect(api.price).toMatchObject({ value: '1', stale: { since } });
      expect(api.price.stale.reason).toMatch(/the feed's answer is stale: updated \d+\.\d h before the close, bound 26 h/);
      const html: string = await getOk(server.baseUrl, '/assets/old');
      const card = /data-testid="figure-price"[\s\S]*?<\/dd>/.exec(html)?.[0] ?? '';
      expect(card).toContain('data-value="known"');
      expect(card).toMatch(/>\s*\$1(?:\.00)?\s*</);
      expect(card).toContain(`data-testid="stale" data-since="${since}"`);
      expect(card).toMatch(
        new RegExp(`Stale since ${formatDay(since)}: OLD: price stale since ${since}: the feed(?:'|&#39;)s answer is stale`),
      );
      expect(card).not.toContain('Unknown');
    } finally {
      await server.stop();
    }
  }, 90_000);

  let second: Awaited<ReturnType<typeof runIngestCli>>;
  it('a price move over 10% in a day is published and flagged on the asset', async () => {
    await call(a, day0 + DAY + 100, c.gold, 'TestPriceFeed', 'set', [230_000_000_000n]); // $2,000 -> $2,300
    const r = (second = await runIngestCli(['--date', dateOf(day0 + DAY)], {
      DATABASE_URL: url,
      INGEST_REGISTRY: registryFile,
      RPC_URL_TRUTH_A: a.anvil.url,
      RPC_URL_TRUTH_B: b.anvil.url,
    }));
    expect(r.code).toBe(0);
    const rows = await query(url, 'SELECT symbol, market_cap, price_flag FROM assets ORDER BY symbol');
    expect(rows.map((x) => [x.symbol, Number(x.market_cap), x.price_flag])).toEqual([
      ['OLD', 10, null],
      ['RVT', 102, null],
      ['VLT', 1_050_000, null],
      ['XAU', 2_300_000, 'price moved +15.0% in a day (2000 -> 2300)'],
    ]);
  }, 60_000);

  it('a feed that refuses to answer once stale: the product is stale since its last accepted price, with why, not unknown', async () => {
    // The second day RVT's feed is past its 12 h and reverts: valued at the first day's accepted $1.02, stale since that day.
    const why =
      /RVT: price stale since (\d{4}-\d\d-\d\d): the feed refuses to answer once its data is older than its bound \(it reverted at block \d+\); valued at its last accepted price/;
    expect(second.stdout).toMatch(
      new RegExp(`stale: RVT on ethereum valued at its last price, stale since ${day} \\(\\d+ h old\\): ${why.source}`),
    );
    expect(why.exec(second.stdout)?.[1]).toBe(day);
    const [rvt] = await query(url, "SELECT market_cap, stale FROM assets WHERE symbol = 'RVT'");
    expect(Number(rvt.market_cap)).toBe(102);
    expect(JSON.parse(String(rvt.stale))).toMatchObject({ since: day, chains: ['ethereum'], reason: expect.stringMatching(why) });
    const obs = await query(
      url,
      `SELECT price, accepted FROM ingest_observations WHERE asset_symbol = 'RVT' AND date = '${dateOf(day0 + DAY)}'`,
    );
    expect(obs.map((o) => [o.price, o.accepted])).toEqual([[1.02, 1]]);
    // RVN, whose feed never answered, stays unknown with why.
    expect(second.stdout).toMatch(/not read: RVN: price unknown: the feed refuses to answer .*, and no earlier price was accepted/);
    expect(await query(url, "SELECT symbol FROM assets WHERE symbol = 'RVN'")).toEqual([]);
  });
});

/** An RPC proxy on loopback: `refuse` answers a request itself (or returns undefined to forward it). */
async function proxy(
  upstream: string,
  refuse: (msg: { id: number; method: string; params: unknown[] }) => { status: number; body: unknown } | undefined,
) {
  const port = await freePort();
  const server: Server = createServer((req, res) => {
    void (async () => {
      let body = '';
      for await (const chunk of req) body += chunk;
      const msg = JSON.parse(body);
      const answer = Array.isArray(msg) ? undefined : refuse(msg);
      if (answer) return res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      const up = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      res.writeHead(up.status, { 'content-type': 'application/json' }).end(await up.text());
    })();
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(ok)) };
}

/**
 * The provider day: 25,000 blocks against a 10,000-block limit under TEST_SIZE=full; in `npm test` a
 * hundredth of both (250 blocks, 100 per eth_getLogs), which still needs the refusal, the shrink and
 * three ranges (tests/support/size.ts). Anvil's mining is most of this block's CPU: 2,500 blocks cost
 * about 4 s of it. (The providers' "10,000" with its comma is read in tests/unit/ingest-truth.test.ts.)
 */
const PROVIDER_LIMIT = sized(100, 10_000);
const DAY_BLOCKS = PROVIDER_LIMIT * 2.5;

describe('an ingest that finishes on real providers', () => {
  let chain: LocalChain;
  let day: string;
  let registryFile: string;
  let head: number;

  beforeAll(async () => {
    const day0 = today - 3 * DAY;
    day = dateOf(day0);
    // The run reads state only at the head: no old states kept, none written to disk (see startAnvil).
    const anvil = await startAnvil(31337, day0 + 10, ['--prune-history', '16']);
    anvils.push(anvil);
    chain = chainClient(anvil);
    const one = await deploy(chain, day0 + 20, 'TestToken', ['One', 'ONE', 0]);
    const two = await deploy(chain, day0 + 30, 'TestToken', ['Two', 'TWO', 0]);
    await call(chain, day0 + 40, one, 'TestToken', 'mint', [W.alice, 1_000n]);
    await call(chain, day0 + 50, two, 'TestToken', 'mint', [W.bob, 2_000n]);
    // DAY_BLOCKS blocks three seconds apart within the day, a transfer of each token in between.
    const mine = (share: number) => mineBlocks(anvil, Math.round(DAY_BLOCKS * share));
    await mine(0.48);
    const t1 = Number((await chain.pub.getBlock()).timestamp) + 3;
    await call(chain, t1, one, 'TestToken', 'transferFrom', [W.alice, W.carol, 400n]);
    await mine(0.48);
    const t2 = Number((await chain.pub.getBlock()).timestamp) + 3;
    await call(chain, t2, two, 'TestToken', 'transferFrom', [W.bob, W.carol, 500n]);
    await mine(0.04);
    head = Number(await chain.pub.getBlockNumber({ cacheTime: 0 }));
    registryFile = writeJson({
      chains: { ethereum: { chainId: 31337, name: 'Ethereum', rpcEnv: 'RPC_URL_PROVIDER' } },
      assets: [
        asset('ONE', 'U.S. Treasuries', { kind: 'fixed', usd: '1.00' }, [{ chain: 'ethereum', address: one, startBlock: 1 }]),
        asset('TWO', 'U.S. Treasuries', { kind: 'fixed', usd: '1.00' }, [{ chain: 'ethereum', address: two, startBlock: 2 }]),
      ],
    });
  }, 900_000);

  it(`the day holds ${DAY_BLOCKS.toLocaleString('en-US')} blocks`, () => {
    expect(head).toBeGreaterThanOrEqual(DAY_BLOCKS);
  });

  for (const provider of ['Infura', 'QuickNode'] as const) {
    it(`reads the day through a proxy answering like ${provider}, one eth_getLogs per ${PROVIDER_LIMIT.toLocaleString('en-US')} blocks for both tokens`, async () => {
      const ranges: Array<{ from: number; to: number; addresses: number }> = [];
      let refused = 0;
      const p = await proxy(chain.anvil.url, (msg) => {
        if (msg.method !== 'eth_getLogs') return undefined;
        const q = msg.params[0] as { fromBlock: string; toBlock: string; address: string | string[] };
        const from = Number(BigInt(q.fromBlock));
        const to = Number(BigInt(q.toBlock));
        if (to - from + 1 > PROVIDER_LIMIT) {
          refused++;
          // The providers' own words (../shared/data: provider quirks).
          return provider === 'Infura'
            ? {
                status: 200,
                body: {
                  jsonrpc: '2.0',
                  id: msg.id,
                  error: { code: -32602, message: `range ${to - from + 1} exceeds limit of ${PROVIDER_LIMIT}` },
                },
              }
            : {
                status: 413,
                body: {
                  jsonrpc: '2.0',
                  id: msg.id,
                  error: { code: -32614, message: `eth_getLogs is limited to a ${PROVIDER_LIMIT.toLocaleString('en-US')} range` },
                },
              };
        }
        ranges.push({ from, to, addresses: Array.isArray(q.address) ? q.address.length : 1 });
        return undefined;
      });
      try {
        const url = scratchDb();
        // Ask wider than the providers allow, so that their refusals set the range.
        const r = await runIngestCli(['--date', day], {
          DATABASE_URL: url,
          INGEST_REGISTRY: registryFile,
          RPC_URL_PROVIDER: p.url,
          INGEST_LOG_SPAN: '100000',
          INGEST_MAX_LOG_SPAN: '100000',
        });
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
        expect(refused).toBe(1);
        expect(r.stdout).toMatch(new RegExp(`the provider refused blocks 1-\\d+; block range now ${PROVIDER_LIMIT}\\b`));
        expect(ranges).toHaveLength(Math.ceil(head / PROVIDER_LIMIT));
        for (const x of ranges) expect(x.addresses).toBe(2);
        expect(Number((await query(url, 'SELECT count(*) AS n FROM ingest_transfers'))[0].n)).toBe(4);
        const obs = await query(url, 'SELECT asset_symbol, supply, holders FROM ingest_observations ORDER BY asset_symbol');
        expect(obs.map((o) => [o.asset_symbol, o.supply, o.holders])).toEqual([
          ['ONE', '1000', 2],
          ['TWO', '2000', 2],
        ]);
      } finally {
        await p.close();
      }
    }, 120_000);
  }
});

describe('heads and archive state', () => {
  let anvil: Anvil;
  let registryFile: string;
  let day: string;
  beforeAll(async () => {
    const day0 = today - 2 * DAY;
    day = dateOf(day0);
    anvil = await startAnvil(31337, day0 + 10);
    anvils.push(anvil);
    const chain = chainClient(anvil);
    const token = await deploy(chain, day0 + 20, 'TestToken', ['Head', 'HED', 0]);
    await call(chain, day0 + 30, token, 'TestToken', 'mint', [W.alice, 10n]);
    registryFile = writeJson({
      chains: { ethereum: { chainId: 31337, name: 'Ethereum', rpcEnv: 'RPC_URL_HEAD' } },
      assets: [asset('HED', 'U.S. Treasuries', { kind: 'fixed', usd: '1.00' }, [{ chain: 'ethereum', address: token, startBlock: 1 }])],
    });
  }, 60_000);

  it('a head older than the bound fails that chain with a message naming it', async () => {
    const r = await runIngestCli(['--date', day], {
      DATABASE_URL: scratchDb(),
      INGEST_REGISTRY: registryFile,
      RPC_URL_HEAD: anvil.url,
      INGEST_HEAD_TAG: 'finalized',
      INGEST_MAX_HEAD_AGE: '3600',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /ingest failed on chain "ethereum": Chain "ethereum" \(Ethereum\): its head is \d+ min old \(bound 60 min, INGEST_MAX_HEAD_AGE\): the node lags/,
    );
  }, 60_000);

  it('a node without the state of the day\'s close ("missing trie node") nor of any block after it is explained, naming the chain', async () => {
    // The day's close here is the chain's head: no later block to read instead (that case: ingest-discovery.test.ts).
    const p = await proxy(anvil.url, (msg) =>
      msg.method === 'eth_call'
        ? {
            status: 200,
            body: {
              jsonrpc: '2.0',
              id: msg.id,
              error: { code: -32000, message: 'missing trie node 9e2a1b (path ) state 0x9e2a1b is not available' },
            },
          }
        : undefined,
    );
    try {
      const r = await runIngestCli(['--date', day], { DATABASE_URL: scratchDb(), INGEST_REGISTRY: registryFile, RPC_URL_HEAD: p.url });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /ingest failed on chain "ethereum": Chain "ethereum" \(Ethereum\): the node has no state at block \d+ \("missing trie node"\): reading a past day's close needs an archive node/,
      );
    } finally {
      await p.close();
    }
  }, 60_000);
});

describe('npm run ingest -- --backfill', () => {
  it('estimates the calls and time per chain first, then shows its progress per range', async () => {
    const day0 = today - 2 * DAY;
    const anvil = await startAnvil(31337, day0 + 10);
    anvils.push(anvil);
    const chain = chainClient(anvil);
    const token = await deploy(chain, day0 + 20, 'TestToken', ['Fill', 'FIL', 0]);
    await call(chain, day0 + 30, token, 'TestToken', 'mint', [W.alice, 10n]);
    const registryFile = writeJson({
      chains: { ethereum: { chainId: 31337, name: 'Ethereum', rpcEnv: 'RPC_URL_FILL' } },
      assets: [asset('FIL', 'U.S. Treasuries', { kind: 'fixed', usd: '1.00' }, [{ chain: 'ethereum', address: token, startBlock: 1 }])],
    });
    const r = await runIngestCli(['--backfill', '--date', dateOf(day0)], {
      DATABASE_URL: scratchDb(),
      INGEST_REGISTRY: registryFile,
      RPC_URL_FILL: anvil.url,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /backfill estimate:\n {2}ethereum: blocks 1-2 \(2\), about \d+ calls at 10,000 blocks per eth_getLogs, ~\d+ s at \d+ ms per call\n {2}total: about \d+ calls/,
    );
    expect(r.stdout).toMatch(/ethereum: blocks 1-2, 1 transfers \(100%\)/);
  }, 60_000);
});

describe('a reorg drops a transfer', () => {
  it('a transfer in a block the chain later replaces is dropped, its balances undone', async () => {
    const day0 = today - 2 * DAY;
    const anvil = await startAnvil(31337, day0 + 10);
    anvils.push(anvil);
    const chain = chainClient(anvil);
    const token = await deploy(chain, day0 + 20, 'TestToken', ['Reorg', 'RRG', 0]);
    await call(chain, day0 + 30, token, 'TestToken', 'mint', [W.alice, 1_000n]);
    await call(chain, day0 + 40, token, 'TestToken', 'transferFrom', [W.alice, W.bob, 300n]);
    const registryFile = writeJson({
      chains: { ethereum: { chainId: 31337, name: 'Ethereum', rpcEnv: 'RPC_URL_REORG' } },
      assets: [asset('RRG', 'U.S. Treasuries', { kind: 'fixed', usd: '1.00' }, [{ chain: 'ethereum', address: token, startBlock: 1 }])],
    });
    const url = scratchDb();
    const env = { DATABASE_URL: url, INGEST_REGISTRY: registryFile, RPC_URL_REORG: anvil.url };
    const first = await runIngestCli(['--date', dateOf(day0)], env);
    expect(first.code).toBe(0);
    expect(Number((await query(url, 'SELECT count(*) AS n FROM ingest_transfers'))[0].n)).toBe(2);
    expect((await query(url, 'SELECT tx_hash FROM transfers')).length).toBe(1);
    // The last block (the transfer) is replaced by an empty one.
    await chain.test.request({ method: 'anvil_reorg' as never, params: [1, []] as never });
    const second = await runIngestCli(['--date', dateOf(day0)], env);
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/has another hash than when it was read \(a reorg\)/);
    expect(Number((await query(url, 'SELECT count(*) AS n FROM ingest_transfers'))[0].n)).toBe(1);
    expect((await query(url, 'SELECT tx_hash FROM transfers')).length).toBe(0);
    const balances = await query(url, 'SELECT holder, balance FROM ingest_holders WHERE positive = 1');
    expect(balances.map((x) => [x.holder, x.balance])).toEqual([[W.alice, '1000']]);
  }, 60_000);
});
