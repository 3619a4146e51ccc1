/**
 * The alert lists' asset filter on a real libSQL file: `?asset=` is an asset page's id, and an id
 * is not the symbol in lower case. "$X" has the id "x" (a "$" is not in an id), and of "USDe" and
 * "USDE" the later in code-point order, "USDe", has "usde-2": a filter comparing lower(symbol)
 * with the id matched neither.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { alertEvents } from '#db/schema/index.ts';
import { listAlerts, readFilter } from '#lib/server/alerts/store.ts';
import { buildCatalog } from '#lib/server/open-data/catalog.ts';

const url = `file:${join(mkdtempSync(join(tmpdir(), 'rwa-alert-filter-')), 'app.db')}`;
const { client, db } = openDatabase({ url });

// The site's own catalog builder gives the ids, as the asset pages and the event page's feed links use them.
const served = ['USDe', 'USDE', '$X'].map((symbol, i) => ({
  symbol,
  name: symbol,
  assetClass: 'Stablecoins',
  marketCap: 3 - i,
  change7d: null,
}));
const catalog = buildCatalog(served, [], (k) => k);
const symbolOf = (id: string) => catalog.byId.get(id)?.symbol;
const idOf = (symbol: string) => catalog.bySymbol.get(symbol)!.id;

const event = (id: string, assetSymbol: string) => ({
  id,
  kind: 'depeg',
  day: '2026-11-20',
  assetSymbol,
  assetClass: 'Stablecoins',
  chain: null,
  chains: ['ethereum'],
  title: id,
  evidence: {},
  runId: 1,
  createdAt: '2026-11-21T00:00:00.000Z',
});

beforeAll(async () => {
  await migrateDatabase(db, client, url);
  await db.insert(alertEvents).values([event('a-usde-lower', 'USDe'), event('a-usde-upper', 'USDE'), event('a-dollar-x', '$X')]);
});
afterAll(() => client.close());

const ids = async (q: string) => (await listAlerts(db, readFilter(new URLSearchParams(q)), 100, symbolOf)).map((e) => e.id).sort();

describe('the asset filter of the alert lists and feeds', () => {
  it('takes the ids the asset pages have', () => {
    expect([idOf('USDe'), idOf('USDE'), idOf('$X')]).toEqual(['usde-2', 'usde', 'x']);
  });

  it('matches an asset whose symbol has a "$" by its id', async () => {
    expect(await ids('asset=x')).toEqual(['a-dollar-x']);
  });

  it('tells apart two symbols that differ only in case, the second by its "-2" id', async () => {
    expect(await ids('asset=usde')).toEqual(['a-usde-upper']);
    expect(await ids('asset=usde-2')).toEqual(['a-usde-lower']);
  });

  it('matches nothing for an id no page has', async () => {
    expect(await ids('asset=nope')).toEqual([]);
    expect(await ids('')).toHaveLength(3);
  });
});
