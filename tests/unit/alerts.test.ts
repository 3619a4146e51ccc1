/**
 * The alerts' pure parts: each detector on figures made to cross (and not cross) its
 * bound, the event id that makes a second run add nothing, the webhook signature, and the address
 * policy that keeps deliveries off internal addresses.
 */
import { describe, expect, it } from 'vitest';
import { detect, runHold, type DetectInput, type Figure } from '#lib/server/alerts/detect.ts';
import { navDayBoundOf } from '#lib/shared/asset-classes.ts';
import { alertId } from '#lib/server/alerts/types.ts';
import { signatureHeader, verifySignature } from '#lib/server/alerts/sign.ts';
import { addressProblem, checkTarget, resolveTarget, targetProblem } from '#lib/server/alerts/target.ts';
import { backoffAfter } from '#lib/server/alerts/deliver.ts';

const fig = (asset: string, day: string, chain: string, supply: number, price: number | null): Figure => ({
  asset,
  day,
  chain,
  source: 'evm',
  contract: '0xabc',
  blockNumber: 100,
  blockTime: `${day}T23:59:59Z`,
  apiUrl: null,
  fetchedAt: null,
  supply: String(supply),
  price,
  value: price === null ? null : supply * price,
});

const ASSETS = [
  { symbol: 'USDX', name: 'Test Dollar', assetClass: 'Stablecoins' },
  { symbol: 'TBILL', name: 'Test Bill', assetClass: 'U.S. Treasuries' },
  { symbol: 'GOLD', name: 'Test Gold', assetClass: 'Commodities' },
];
const D1 = '2026-11-19';
const D2 = '2026-11-20';
const input = (figures: Figure[], extra: Partial<DetectInput> = {}): DetectInput => ({
  assets: ASSETS,
  figures,
  asOf: D2,
  held: [],
  stale: [],
  previousAssets: new Set(ASSETS.map((a) => a.symbol)),
  ...extra,
});
const kinds = (i: DetectInput) => detect(i).map((e) => e.id);

describe('detectors', () => {
  it('a stablecoin more than 1% off its peg, not at 1% or less', () => {
    expect(kinds(input([fig('USDX', D1, 'arbitrum', 100, 1), fig('USDX', D2, 'arbitrum', 100, 0.97)]))).toEqual([`depeg-usdx-${D2}`]);
    expect(kinds(input([fig('USDX', D2, 'arbitrum', 100, 0.99)]))).toEqual([]);
    expect(kinds(input([fig('USDX', D2, 'arbitrum', 100, 1.0101)]))).toEqual([`depeg-usdx-${D2}`]);
    const [e] = detect(input([fig('USDX', D1, 'arbitrum', 100, 1), fig('USDX', D2, 'arbitrum', 100, 0.97)]));
    expect(e.evidence).toMatchObject({ before: { day: D1, value: 1 }, after: { day: D2, value: 0.97 }, measure: 'price' });
    expect(e.evidence.change).toBeCloseTo(-0.03);
    expect(e.evidence.reads.map((r) => r.day)).toEqual([D1, D2]);
  });

  it('a price no $1 coin can have (above $10, 1e300, Infinity) is a broken read, never a depeg, as a reported or a valuing price', () => {
    for (const p of [10.01, 1e300, Infinity]) {
      expect(kinds(input([fig('USDX', D1, 'arbitrum', 100, 1), fig('USDX', D2, 'arbitrum', 100, p)])), String(p)).toEqual([]);
      const reported = { ...fig('USDX', D2, 'arbitrum', 100, 1), marketPrice: p };
      expect(kinds(input([fig('USDX', D1, 'arbitrum', 100, 1), reported])), String(p)).toEqual([]);
    }
    // $9.99 is still a price: a depeg.
    expect(kinds(input([fig('USDX', D1, 'arbitrum', 100, 1), fig('USDX', D2, 'arbitrum', 100, 9.99)]))).toEqual([`depeg-usdx-${D2}`]);
  });

  it("a fixed-$1 stablecoin measured on DefiLlama's reported market price: 0.985 is an event, 0.995 none", () => {
    const URL = 'https://stablecoins.llama.fi/stablecoin/1';
    // Valued at the registry's fixed $1 (price and value unchanged); only the reported market price moves.
    const llama = (day: string, marketPrice: number): Figure => ({
      ...fig('USDX', day, 'ethereum', 1000, 1),
      source: 'defillama',
      contract: null,
      blockNumber: null,
      blockTime: null,
      apiUrl: URL,
      fetchedAt: `${day}T01:00:00.000Z`,
      marketPrice,
    });
    expect(kinds(input([llama(D1, 1), llama(D2, 0.995)]))).toEqual([]);
    const [e, ...rest] = detect(input([llama(D1, 0.999), llama(D2, 0.985)]));
    expect(rest).toEqual([]);
    expect(e.id).toBe(`depeg-usdx-${D2}`);
    // Dollars by the spec's currency rule (cents); the percent and the evidence keep the read's precision.
    expect(e.title).toBe('USDX at $0.99, 1.50% off its $1 peg');
    expect(e.evidence).toMatchObject({ before: { day: D1, value: 0.999 }, after: { day: D2, value: 0.985 }, measure: 'price' });
    expect(e.evidence.change).toBeCloseTo(-0.015);
    expect(e.evidence.note).toContain(`market price $0.99 as reported by defillama at ${URL}`);
    expect(e.evidence.note).toContain('valued at $1.00 a token');
    expect(e.evidence.reads.map((r) => [r.day, r.price, r.marketPrice])).toEqual([
      [D1, 1, 0.999],
      [D2, 1, 0.985],
    ]);
    // Without a reported price the fixed valuation is all there is: no event, as before.
    expect(kinds(input([fig('USDX', D1, 'ethereum', 1000, 1), fig('USDX', D2, 'ethereum', 1000, 1)]))).toEqual([]);
  });

  it("a NAV moving more than its class's bound in a day", () => {
    const gold = (p: number) => input([fig('GOLD', D1, 'ethereum', 10, 100), fig('GOLD', D2, 'ethereum', 10, p)]);
    expect(kinds(gold(100 * (1 + navDayBoundOf('Commodities')!) - 0.01))).toEqual([]);
    expect(kinds(gold(100 * (1 + navDayBoundOf('Commodities')!) + 0.01))).toEqual([`nav-move-gold-${D2}`]);
    // A Treasury fund's bound is tighter: 2% is news there, not for gold.
    const bill = input([fig('TBILL', D1, 'ethereum', 10, 1), fig('TBILL', D2, 'ethereum', 10, 1.02)]);
    expect(kinds(bill)).toEqual([`nav-move-tbill-${D2}`]);
  });

  it('a supply move over 10% in a day, over the chains read on both days (a chain added is not a move)', () => {
    expect(kinds(input([fig('TBILL', D1, 'ethereum', 100, 1), fig('TBILL', D2, 'ethereum', 111, 1)]))).toEqual([`supply-move-tbill-${D2}`]);
    expect(kinds(input([fig('TBILL', D1, 'ethereum', 100, 1), fig('TBILL', D2, 'ethereum', 110, 1)]))).toEqual([]);
    // Bridged: 50 leave Ethereum for Arbitrum, the asset's supply is the same.
    const bridged = [
      fig('TBILL', D1, 'ethereum', 100, 1),
      fig('TBILL', D1, 'arbitrum', 50, 1),
      fig('TBILL', D2, 'ethereum', 50, 1),
      fig('TBILL', D2, 'arbitrum', 100, 1),
    ];
    expect(kinds(input(bridged))).toEqual([]);
    // A chain published for the first time on D2: not compared.
    expect(
      kinds(input([fig('TBILL', D1, 'ethereum', 100, 1), fig('TBILL', D2, 'ethereum', 100, 1), fig('TBILL', D2, 'base', 900, 1)])),
    ).toEqual([]);
  });

  it('measures a source read at the last close (a head-first run) on its own day and the one before', () => {
    const e = detect(input([fig('USDX', '2026-11-18', 'arbitrum', 100, 1), fig('USDX', D1, 'arbitrum', 150, 1)]));
    expect(e.map((x) => x.id)).toEqual([`supply-move-usdx-${D1}`]);
  });

  it('a hold: the figure still served with its read, and where the refused read was made, its figures withheld', () => {
    const served = fig('GOLD', D1, 'ethereum', 100, 2650.5);
    const refused = { ...fig('GOLD', D2, 'ethereum', 1100, 2650.5), blockNumber: 200 };
    const why = 'circuit breaker: GOLD on ethereum: a jump above the 5× bound over its last published figure ($265.05K)';
    const [e] = detect(
      input([served], { held: [{ asset: 'GOLD', chain: 'ethereum', why, published: { day: D1, value: 265_050 }, refused }] }),
    );
    expect(e).toMatchObject({ id: `hold-gold-ethereum-${D2}`, chain: 'ethereum', evidence: { note: why, after: null, change: null } });
    expect(e.evidence.before).toEqual({ day: D1, value: 265_050 });
    expect(e.evidence.reads).toEqual(
      [
        { ...served, asset: undefined },
        { ...refused, asset: undefined, supply: null, price: null, value: null, marketPrice: null, withheld: true },
      ].map(({ asset: _a, ...r }) => r),
    );
    // The refused figures are nowhere in the event: not the value, not the supply.
    const text = JSON.stringify(e);
    for (const f of [String(1100 * 2650.5), '1100']) expect(text).not.toContain(f);
  });

  it('names a chain by its registry name in titles and rules, keeping the key in the id', () => {
    const name = (key: string) => ({ ethereum: 'Ethereum', arbitrum: 'Arbitrum' })[key] ?? key;
    const why = 'circuit breaker: a jump above the 5× bound';
    const held = [{ asset: 'GOLD', chain: 'ethereum', why, published: { day: D1, value: 1 }, refused: null }];
    const [hold] = detect(input([fig('GOLD', D1, 'ethereum', 100, 1)], { held, chainName: name }));
    expect(hold).toMatchObject({
      id: `hold-gold-ethereum-${D2}`,
      chain: 'ethereum',
      title: 'GOLD on Ethereum held by the circuit breaker',
    });
    const [move] = detect(
      input(
        [
          fig('TBILL', D1, 'ethereum', 100, 1),
          fig('TBILL', D1, 'arbitrum', 100, 1),
          fig('TBILL', D2, 'ethereum', 150, 1),
          fig('TBILL', D2, 'arbitrum', 150, 1),
        ],
        {
          chainName: name,
        },
      ),
    );
    expect(move.evidence.rule).toBe('a supply move of more than 10.00% in a day (on Arbitrum, Ethereum)');
  });

  it('a run held whole by its totals: one event for the run, with the total still published and no refused figure', () => {
    const why = 'circuit breaker: total RWA value: a jump above the 5× bound over its last published figure ($625.05K)';
    const e = runHold({ asOf: D2, why, total: 'rwa', published: { day: D1, value: 625_050 } });
    expect(e).toMatchObject({
      id: `hold-run-${D2}`,
      kind: 'hold',
      assetSymbol: '',
      chain: null,
      chains: [],
      title: `The run of ${D2} held whole by the circuit breaker (its total RWA value)`,
      evidence: { before: { day: D1, value: 625_050 }, after: null, change: null, reads: [], note: why },
    });
    expect(alertId('hold', 'run', D2)).toBe(e.id);
  });

  it('a stale source keeps one id while it stays stale (keyed by the day of its last good figure)', () => {
    const stale = [{ asset: 'TBILL', chain: 'ethereum', since: D1, reason: 'ethereum: RPC unreachable' }];
    expect(kinds(input([], { stale }))).toEqual([`stale-tbill-ethereum-${D1}`]);
    expect(kinds(input([], { stale, asOf: '2026-11-21' }))).toEqual([`stale-tbill-ethereum-${D1}`]);
  });

  it('a new asset, except on the first run (nothing before it to be new against)', () => {
    const f = [fig('GOLD', D2, 'ethereum', 1, 100)];
    expect(kinds(input(f, { previousAssets: new Set(['USDX']) }))).toEqual([`new-asset-gold-${D2}`]);
    expect(kinds(input(f, { previousAssets: null }))).toEqual([]);
  });

  it('an added product is a new asset, never a supply, NAV or depeg event, whatever its backfilled day before shows', () => {
    const added = [
      // A backfilled day before with half the supply and another NAV, and a first price off the peg.
      fig('GOLD', D1, 'ethereum', 50, 80),
      fig('GOLD', D2, 'ethereum', 100, 100),
      fig('USDX', D1, 'arbitrum', 10, 1),
      fig('USDX', D2, 'arbitrum', 100, 0.97),
    ];
    expect(kinds(input(added, { previousAssets: new Set(['TBILL']) }))).toEqual([`new-asset-usdx-${D2}`, `new-asset-gold-${D2}`]);
    // The same figures of products already tracked are moves: the rule above is what keeps them out.
    expect(kinds(input(added))).toEqual([`depeg-usdx-${D2}`, `supply-move-usdx-${D2}`, `nav-move-gold-${D2}`, `supply-move-gold-${D2}`]);
    // Read at the last close only (a head-first run's source), it is still announced once, on the day it was read.
    expect(kinds(input([fig('GOLD', D1, 'ethereum', 1, 100)], { previousAssets: new Set(['USDX']) }))).toEqual([`new-asset-gold-${D1}`]);
  });

  it('ids are safe in a path and the same for the same kind, asset, network and day', () => {
    expect(alertId('depeg', 'USD₮0', D2)).toBe(`depeg-usd-0-${D2}`);
    expect(alertId('hold', 'GOLD', D2, 'Ethereum')).toBe(alertId('hold', 'gold', D2, 'ethereum'));
  });
});

describe('webhook signature (t=...,v1=HMAC-SHA256 of "t.body")', () => {
  it('verifies the body it signed, not another body, secret or an old timestamp', () => {
    const now = Date.UTC(2026, 10, 20);
    const h = signatureHeader('whsec_a', '{"a":1}', now);
    expect(h).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature('whsec_a', '{"a":1}', h, now)).toBe(true);
    expect(verifySignature('whsec_a', '{"a":2}', h, now)).toBe(false);
    expect(verifySignature('whsec_b', '{"a":1}', h, now)).toBe(false);
    expect(verifySignature('whsec_a', '{"a":1}', h, now + 301_000)).toBe(false);
  });
  it('backs off doubling from the first delay', () => {
    expect([1, 2, 3, 4].map((n) => backoffAfter(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
  });
});

describe('webhook targets: public addresses only', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
  ])('refuses %s', (a) => expect(addressProblem(a)).toMatch(/not a public address/));

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])('allows %s', (a) => expect(addressProblem(a)).toBeNull());

  it('the loopback setting lets loopback through, nothing else', () => {
    expect(addressProblem('127.0.0.1', true)).toBeNull();
    expect(addressProblem('::1', true)).toBeNull();
    for (const a of ['10.0.0.1', '169.254.169.254', '::ffff:127.0.0.1', 'fd00::1']) expect(addressProblem(a, true)).not.toBeNull();
  });

  it('a name is refused when any address it resolves to is internal', async () => {
    const resolve = async () => ['8.8.8.8', '10.0.0.5'];
    await expect(resolveTarget(new URL('https://hooks.example/x'), false, resolve)).rejects.toThrow(/10\.0\.0\.5/);
    await expect(resolveTarget(new URL('https://hooks.example/x'), false, async () => ['8.8.4.4'])).resolves.toBe('8.8.4.4');
    // IPv6 literals and the forms the URL parser turns into an IPv4 address
    await expect(resolveTarget(new URL('http://[::1]/'), false)).rejects.toThrow(/not a public/);
    await expect(resolveTarget(new URL('http://2130706433/'), false)).rejects.toThrow(/127\.0\.0\.1/);
    await expect(resolveTarget(new URL('http://0x7f.1/'), false)).rejects.toThrow(/127\.0\.0\.1/);
  });

  it('only https URLs without credentials', () => {
    for (const u of ['ftp://example.com/', 'file:///etc/passwd', 'https://user:pw@example.com/', 'not a url'])
      expect(() => checkTarget(u, false)).toThrow();
    expect(checkTarget('https://example.com/hook?x=1', false).href).toBe('https://example.com/hook?x=1');
  });

  it('one rule for registration and delivery: what delivery would refuse is refused when registered', () => {
    const refused: Array<[string, RegExp]> = [
      ['https://localhost./hook', /localhost is not a public name/],
      ['https://foo.localhost/hook', /foo\.localhost is not a public name \(\.localhost\)/],
      ['https://LOCALHOST/hook', /not a public name/],
      ['https://metadata.google.internal/computeMetadata/v1/', /\.internal/],
      ['https://printer.local/', /\.local\)/],
      ['https://router.home.arpa/', /\.home\.arpa/],
      ['https://intranet/hook', /one label/],
      ['http://example.com/hook', /plain http: is refused/],
      ['https://example.com:25/hook', /port 25 is refused/],
      ['https://example.com:22/hook', /port 22 is refused/],
      ['https://10.0.0.1/hook', /not a public address/],
      ['https://[::1]:8443/hook', /not a public address/],
      ['https://2130706433/hook', /127\.0\.0\.1 is not a public address/],
    ];
    for (const [url, why] of refused) expect(targetProblem(url, false), url).toMatch(why);
    for (const url of ['https://example.com/hook', 'https://example.com:8443/hook', 'https://hooks.example.com./x', 'https://8.8.8.8/x'])
      expect(targetProblem(url, false), url).toBeNull();
    // The tests' setting: plain http and loopback names, to loopback only.
    for (const url of ['http://127.0.0.1:4000/hook', 'http://localhost:4000/', 'http://foo.localhost./x'])
      expect(targetProblem(url, true), url).toBeNull();
    for (const url of ['http://example.com/hook', 'http://10.0.0.1:4000/', 'https://printer.local/'])
      expect(targetProblem(url, true), url).not.toBeNull();
  });
});
