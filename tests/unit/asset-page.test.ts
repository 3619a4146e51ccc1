/** The asset page's pure step (assemble in src/lib/server/open-data/asset-page.ts), on rows. */
import { describe, expect, it } from 'vitest';
import { assemble, type AssetPageInput } from '#lib/server/open-data/asset-page.ts';
import type { Observation } from '#lib/server/figures/observations.ts';
import { parseRegistry } from '#lib/server/ingest/registry.ts';
import registryJson from '../../content/registry/registry.json';

const row = (o: Partial<Observation>): Observation => ({
  id: 0,
  runId: 1,
  date: '2026-11-10',
  assetSymbol: 'GOLD',
  chain: 'ethereum',
  source: 'evm',
  contract: null,
  supply: '100',
  price: 2650.5,
  value: 265_050,
  holders: 2,
  assetHolders: 2,
  blockNumber: 10,
  blockTime: null,
  apiUrl: null,
  fetchedAt: '2026-11-10T01:00:00Z',
  accepted: true,
  priceNote: null,
  marketPrice: null,
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
  obsRows: [],
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
        obsRows: [
          row({ date: '2026-11-10', value: 200_000, supply: '80' }),
          row({ date: '2026-11-11', runId: 2 }),
          row({ date: '2026-11-11', runId: 2, source: 'defillama-protocol', value: 300_000, supply: '120', holders: null }),
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

  it('shows a fixed NAV as the price its card is titled with, not "Unknown" (issue 27)', () => {
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
    const page = assemble(input({ obsRows: [row({ date: '2026-11-11', holders: null })] }));
    expect(page.change30d).toMatchObject({ value: null, unknown: 'no observation 30 days earlier' });
    expect(page.holders.value).toBeNull();
    expect(page.holders.unknown).toMatch(/no holder count/);
  });

  it('says which chain the breaker held and which day its figure is from', () => {
    const page = assemble(
      input({
        obsRows: [row({ date: '2026-11-10' })],
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
});
