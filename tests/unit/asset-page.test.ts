/** The asset page's pure step (assemble in src/lib/server/open-data/asset-page.ts), on rows. */
import { describe, expect, it } from 'vitest';
import { assemble, type AssetPageInput } from '#lib/server/open-data/asset-page.ts';
import type { PublishedCell } from '#lib/server/figures/read-model.ts';
import { parseRegistry } from '#lib/server/catalogue/registry.ts';
import registryJson from '../../content/registry/registry.json';
import { methodStatements } from '#lib/server/catalogue/methods.ts';
import { parseConfig } from '#lib/server/config.ts';

/** A published figure (the read model's row): publish already chose it among the day's sources. */
const row = (o: Partial<PublishedCell>): PublishedCell => ({
  date: '2026-11-10',
  asset: 'GOLD',
  chain: 'ethereum',
  source: 'evm',
  supply: '100',
  price: 2650.5,
  value: 265_050,
  holders: 2,
  assetHolders: 2,
  state: 'fresh',
  note: null,
  since: null,
  ageHours: null,
  receiptRunId: 1,
  readDate: o.date ?? '2026-11-10',
  contract: null,
  blockNumber: 10,
  blockTime: null,
  apiUrl: null,
  fetchedAt: '2026-11-10T01:00:00Z',
  marketPrice: null,
  others: [],
  members: null,
  ...o,
});

const input = (o: Partial<AssetPageInput> = {}): AssetPageInput => ({
  indexing: [],
  entry: {
    id: 'gold',
    url: '/assets/gold',
    symbol: 'GOLD',
    name: 'Test Gold',
    assetClass: 'Commodities',
    origin: 'served',
    marketCap: 265_050,
    change7d: null,
    issuer: null,
    chains: ['Ethereum'],
    chainsSource: null,
  },
  asOf: '2026-11-11',
  live: true,
  publishedRun: 2,
  cells: [],
  transferRows: [],
  heldRuns: [],
  staleCells: [],
  registry: undefined,
  chainName: (k) => (k === 'ethereum' ? 'Ethereum' : k),
  window: { from: '2026-10-12', to: '2026-11-12' },
  networkIds: new Map([['Ethereum', 'ethereum']]),
  ...o,
});

describe('asset page (assemble)', () => {
  it("counts the chain's own reading per day, and shows the aggregator's beside it as a cross-check", () => {
    const page = assemble(
      input({
        cells: [
          row({ date: '2026-11-10', value: 200_000, supply: '80' }),
          row({
            date: '2026-11-11',
            receiptRunId: 2,
            others: [
              {
                source: 'defillama-protocol',
                runId: 2,
                readDate: '2026-11-11',
                supply: '120',
                price: 2500,
                value: 300_000,
                holders: null,
                apiUrl: 'https://api.llama.fi',
              },
            ],
          }),
        ],
      }),
    );
    expect(page.history.map((h) => [h.date, h.marketCap, h.supply])).toEqual([
      ['2026-11-10', 200_000, 80],
      ['2026-11-11', 265_050, 100],
    ]);
    expect(page.chains).toHaveLength(1);
    expect(page.chains[0]).toMatchObject({ chain: 'ethereum', networkId: 'ethereum', source: 'evm', value: 265_050 });
    expect(page.crossCheck).toMatchObject({ chain: 265_050, aggregator: 300_000, aggregatorSource: 'defillama-protocol' });
    expect(page.quality).toEqual({ kind: 'fresh', lastObserved: '2026-11-11' });
  });

  it('shows a fixed NAV as the price its card is titled with, not "Unknown"', () => {
    const base = input();
    // A real registry asset priced by a fixed NAV (a $1 fund), so the shape is the one pages see.
    const reg = parseRegistry(registryJson, 'registry').assets.find((a) => a.price.kind === 'fixed' && a.price.usd === '1.00')!;
    for (const live of [true, false]) {
      const page = assemble({ ...base, live, entry: { ...base.entry, registry: reg } });
      expect(page.price.method).toBe('Fixed NAV of $1.00 per token (our token list)');
      expect(page.price).toMatchObject({ value: 1, source: 'our token list' });
      expect(page.price.unknown).toBeUndefined();
    }
  });

  it('gives an unknown figure as null with why, never a guess', () => {
    const page = assemble(input({ cells: [row({ date: '2026-11-11', holders: null })] }));
    expect(page.change30d).toMatchObject({ value: null, unknown: 'no observation 30 days earlier' });
    expect(page.holders.value).toBeNull();
    expect(page.holders.unknown).toMatch(/no holder count/);
  });

  it('says which chain the breaker held and which day its figure is from', () => {
    const page = assemble(
      input({
        cells: [row({ date: '2026-11-10' })],
        staleCells: [
          {
            asset: 'GOLD',
            chain: 'ethereum',
            since: '2026-11-10',
            ageHours: 30,
            reason: 'circuit breaker: GOLD on ethereum would jump 11.0x',
          },
        ],
      }),
    );
    expect(page.quality).toEqual({
      kind: 'held',
      reason: 'Ethereum: circuit breaker: GOLD on ethereum would jump 11.0x; the figure shown is that of 2026-11-10.',
    });
  });

  it("yields EUTBL from its euro NAV: the EUR/USD rate moving while the euro NAV stays flat is a yield of 0, not the currency's move", () => {
    const eutbl = parseRegistry(registryJson, 'registry').assets.find((a) => a.symbol === 'EUTBL')!;
    if (eutbl.price.kind !== 'feed' || !eutbl.price.quote) throw new Error('EUTBL is priced by a euro NAV feed times EUR/USD');
    const feed = eutbl.price.address;
    const hex = (n: bigint) => n.toString(16).padStart(64, '0');
    // The price's receipt as the read keeps it: decimals() and latestRoundData() of the NAV feed, then of the rate.
    const receipt = (navMicro: bigint, fx: bigint) => ({
      price: {
        calls: [
          { to: feed, method: 'decimals()', raw: '0x' + hex(6n) },
          { to: feed, method: 'latestRoundData()', raw: '0x' + hex(7n) + hex(navMicro) + hex(0n) + hex(1n) + hex(7n) },
          { to: eutbl.price.kind === 'feed' ? eutbl.price.quote : '', method: 'decimals()', raw: '0x' + hex(8n) },
          {
            to: eutbl.price.kind === 'feed' ? eutbl.price.quote : '',
            method: 'latestRoundData()',
            raw: '0x' + hex(9n) + hex(fx) + hex(0n) + hex(1n) + hex(9n),
          },
        ],
      },
    });
    const days = ['2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07', '2026-11-08', '2026-11-09', '2026-11-10'];
    // The euro NAV flat at 1.045123; EUR/USD from 1.05 up 0.5% a day: the dollar price rises about 3.5% in the week.
    const fxOf = (i: number) => 1.05 * Math.pow(1.005, i);
    const cells = days.map((date, i) =>
      row({
        date,
        receiptRunId: i + 1,
        asset: 'EUTBL',
        chain: 'ethereum',
        price: 1.045123 * fxOf(i),
        value: 1000 * 1.045123 * fxOf(i),
        supply: '1000',
      }),
    );
    const priceReceipts = days.map((date, i) => ({
      runId: i + 1,
      date,
      chain: 'ethereum',
      source: 'evm',
      body: receipt(1_045_123n, BigInt(Math.round(fxOf(i) * 1e8))),
    }));
    const base = input({ asOf: '2026-11-10', cells, priceReceipts });
    const page = assemble({ ...base, entry: { ...base.entry, symbol: 'EUTBL', assetClass: 'Global Bonds', registry: eutbl } });
    expect(page.yield7d).toMatchObject({ value: 0, source: expect.stringContaining("NAVs in the fund's own currency") });
    // The dollar price alone would have shown the currency's move as a yield of several hundred percent a year.
    expect(page.price.value).toBeCloseTo(1.045123 * fxOf(7), 9);
    // A euro NAV that did grow shows its own growth, whatever the rate did.
    const grown = priceReceipts.map((r, i) => ({ ...r, body: receipt(BigInt(1_045_123 + i * 100), BigInt(Math.round(fxOf(i) * 1e8))) }));
    const y = assemble({
      ...base,
      priceReceipts: grown,
      entry: { ...base.entry, symbol: 'EUTBL', assetClass: 'Global Bonds', registry: eutbl },
    }).yield7d;
    expect(y.value).toBeGreaterThan(0);
    expect(y.value).toBeLessThan(40);
    // /sources says so, naming the funds it applies to.
    const said = methodStatements(parseConfig({}).ingest, parseRegistry(registryJson, 'registry')).find((m) => m.id === 'yield')!.text;
    expect(said).toContain('(EUTBL, UKTBL and eurUKTBL) yields from its NAV in that currency');
    // Without the receipts that keep the euro NAV, the yield is unknown with why, never the dollar move.
    expect(
      assemble({ ...base, priceReceipts: [], entry: { ...base.entry, symbol: 'EUTBL', assetClass: 'Global Bonds', registry: eutbl } })
        .yield7d,
    ).toMatchObject({
      value: null,
      unknown: 'no NAV published yet',
    });
  });
});
