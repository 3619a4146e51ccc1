/**
 * A route answers its endpoint's schema, by type: `serveEndpoint(DEFINITION, handler)` takes a
 * handler whose JSON is the definition's schema's output and nothing else, so a route whose answer
 * is not the schema's does not type-check. These are type assertions, read by the type checker
 * (oxlint --type-check takes tests/); each `@ts-expect-error` is a wrong answer that must stay an
 * error, so a helper that stopped checking (an answer typed unknown, any, or a bare Response) fails
 * here. The `it`s give them a place in the report; nothing runs but the imports.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from '#lib/server/open-data/endpoints/list.ts';
import { COVERAGE, MARKET_OVERVIEW } from '#lib/server/open-data/endpoints/market.ts';
import { ASSET_HISTORY, ASSET_PAGE, ASSETS } from '#lib/server/open-data/endpoints/assets.ts';
import { ALERTS_ATOM, ALERTS_JSON_FEED } from '#lib/server/open-data/endpoints/alerts.ts';
import { ISSUER_PAGE } from '#lib/server/open-data/endpoints/issuers.ts';
import { NETWORK_PAGE } from '#lib/server/open-data/endpoints/networks.ts';
import { serveEndpoint, type Answer, type AnswerOf } from '#lib/server/open-data/serve-endpoint.ts';
import { pageDownloads } from '#lib/server/open-data/page-downloads.ts';
import { Reply, rowsReply, table } from '#lib/server/open-data/reply.ts';
import type * as money from '#lib/server/open-data/api-money.ts';
import type { AssetPage, AssetHistoryPoint } from '#lib/server/open-data/asset-page.ts';

type Overview = AnswerOf<typeof MARKET_OVERVIEW>;
type AssetRows = AnswerOf<typeof ASSETS>;
type HistoryRows = AnswerOf<typeof ASSET_HISTORY>;
declare const overview: Overview;
declare const assets: AssetRows;
declare const history: HistoryRows;
declare const page: AssetPage;
declare const withoutAsOf: Omit<Overview, 'asOf'>;
/** The asset list with its money as numbers, as a page computes with it. */
declare const numbers: (Omit<AssetRows[number], 'marketCap'> & { marketCap: number })[];

/** An endpoint whose answer type says nothing (unknown or any): its route would type-check whatever it answered. */
type Vacuous<E> = E extends Endpoint ? (unknown extends AnswerOf<E> ? E['path'] : never) : never;

const serveOverview = serveEndpoint<typeof MARKET_OVERVIEW>;
const serveAssets = serveEndpoint<typeof ASSETS>;

describe("a route's answer is its endpoint's schema's type", () => {
  it("every endpoint's answer type is its schema's output, and says something", () => {
    expectTypeOf<Vacuous<Endpoint>>().toBeNever();
    // The JSON the schema writes: money as decimal strings.
    expectTypeOf<AssetRows[number]['marketCap']>().toEqualTypeOf<string>();
    expectTypeOf<HistoryRows[number]['marketCap']>().toEqualTypeOf<string | null>();
    expectTypeOf<Overview>().toEqualTypeOf<z.output<typeof MARKET_OVERVIEW.schema>>();
    // A handler of a JSON endpoint answers the JSON or a Reply of it; the Atom feed, alone, its Response.
    expectTypeOf<Answer<typeof MARKET_OVERVIEW>>().toEqualTypeOf<Overview | Reply<Overview>>();
    expectTypeOf<Answer<typeof ALERTS_ATOM>>().toEqualTypeOf<Response>();
  });

  it('serveEndpoint takes the JSON of the schema, and refuses another', () => {
    expectTypeOf(serveOverview).toBeCallableWith(MARKET_OVERVIEW, () => overview);
    expectTypeOf(serveOverview).toBeCallableWith(MARKET_OVERVIEW, () => Promise.resolve(overview));
    const moneyAsNumber = () => ({ ...overview, totalRWAValue: 1 });
    // @ts-expect-error -- money as a number, where the schema writes a decimal string
    expectTypeOf(serveOverview).toBeCallableWith(MARKET_OVERVIEW, moneyAsNumber);
    // @ts-expect-error -- a field of the schema missing
    expectTypeOf(serveOverview).toBeCallableWith(MARKET_OVERVIEW, () => withoutAsOf);
    // @ts-expect-error -- another endpoint's answer
    expectTypeOf(serveOverview).toBeCallableWith(MARKET_OVERVIEW, () => assets);
    // @ts-expect-error -- a Response built by hand: its JSON would go unchecked
    expectTypeOf(serveOverview).toBeCallableWith(MARKET_OVERVIEW, () => new Response('{}'));
    expectTypeOf(serveEndpoint<typeof ALERTS_ATOM>).toBeCallableWith(ALERTS_ATOM, () => new Response('<feed/>'));
    const feedWithoutItems = () => ({ version: 'https://jsonfeed.org/version/1.1' as const });
    // @ts-expect-error -- a feed's JSON is its schema's too
    expectTypeOf(serveEndpoint<typeof ALERTS_JSON_FEED>).toBeCallableWith(ALERTS_JSON_FEED, feedWithoutItems);
  });

  it('a Reply carries the JSON of the schema: rows with their CSV, headers', () => {
    const opts = { format: 'csv', view: 'assets', asOf: '2025-01-01' } as const;
    expectTypeOf(serveAssets).toBeCallableWith(ASSETS, () => rowsReply(assets, ['id', 'marketCap'], opts));
    expectTypeOf(serveAssets).toBeCallableWith(ASSETS, () => new Reply(assets, { headers: () => undefined }));
    const rowsOfNumbers = () => rowsReply(numbers, ['id', 'marketCap'], opts);
    // @ts-expect-error -- rows whose money is numbers: the CSV looks the same, the JSON is not the schema's
    expectTypeOf(serveAssets).toBeCallableWith(ASSETS, rowsOfNumbers);
    const otherJson = () => table(assets, ['id'], { rows: assets });
    // @ts-expect-error -- a JSON standing for the rows that is not the schema's
    expectTypeOf(serveAssets).toBeCallableWith(ASSETS, otherJson);
  });

  it("a page download's view is held to its own endpoint's schema", () => {
    const load = (_id: string) => Promise.resolve<AssetPage | undefined>(page);
    const idOf = (p: AssetPage) => p.asset.id;
    expectTypeOf(pageDownloads<AssetPage>).toBeCallableWith({
      noun: 'asset',
      load,
      idOf,
      views: (view) => [view(ASSET_HISTORY, () => table(history, ['date', 'marketCap']))],
    });
    expectTypeOf(pageDownloads<AssetPage>).toBeCallableWith({
      noun: 'asset',
      load,
      idOf,
      views: (view) => [
        // @ts-expect-error -- the page's own history rows, money as numbers: not the answer
        view(ASSET_HISTORY, (p) => table(p.history, ['date', 'marketCap'])),
      ],
    });
  });

  it('the edge conversions give the answers; a page model is its answer with numbers for money', () => {
    expectTypeOf<ReturnType<typeof money.assetPageForApi>>().toExtend<AnswerOf<typeof ASSET_PAGE>>();
    expectTypeOf<ReturnType<typeof money.issuerPageForApi>>().toExtend<AnswerOf<typeof ISSUER_PAGE>>();
    expectTypeOf<ReturnType<typeof money.networkPageForApi>>().toExtend<AnswerOf<typeof NETWORK_PAGE>>();
    expectTypeOf<ReturnType<typeof money.coverageForApi>>().toExtend<AnswerOf<typeof COVERAGE>>();
    expectTypeOf<AssetHistoryPoint['marketCap']>().toEqualTypeOf<number | null>();
    expectTypeOf<Omit<AssetHistoryPoint, 'marketCap'>>().toEqualTypeOf<Omit<HistoryRows[number], 'marketCap'>>();
    // The page's history is not the answer until its money is written as strings.
    expectTypeOf<AssetHistoryPoint[]>().not.toExtend<HistoryRows>();
  });
});
