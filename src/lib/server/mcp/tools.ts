/**
 * The MCP endpoint's tools: each answers with what the public API's route for it answers, made by
 * the same functions (no second computation), inside a citation (cite.ts). Every tool only reads.
 * Their inputs are the API's own query schemas (src/lib/shared/schemas/queries.ts).
 */
import { z } from 'zod';
import { getDb } from '#lib/server/db/client.ts';
import { readAll, readOne } from '#lib/server/db/reads.ts';
import { siteOrigin } from '#lib/server/config.ts';
import { assetsRead, chartDataRead } from '#lib/server/figures/analytics.ts';
import { servedFactsRead } from '#lib/server/figures/run-state.ts';
import { coverageSchema, loadCoverage } from '#lib/server/figures/coverage-data.ts';
import { privateCreditResponse, stablecoinsResponse, treasuriesResponse } from '#lib/server/figures/asset-class-data.ts';
import { privateCreditData, stablecoinsData, treasuriesData } from '#lib/server/figures/asset-class-live.ts';
import { loadAssetPage } from '#lib/server/open-data/asset-page.ts';
import { loadNetworkPage } from '#lib/server/open-data/network-page.ts';
import { loadIssuerPage } from '#lib/server/open-data/issuer-page.ts';
import { assetPageForApi, coverageForApi, issuerPageForApi, networkPageForApi } from '#lib/server/open-data/api-money.ts';
import { loadAssetReceipt, receiptForApi } from '#lib/server/open-data/receipt-page.ts';
import { loadCorrections } from '#lib/server/open-data/corrections.ts';
import { classSlug, listAlerts } from '#lib/server/alerts/store.ts';
import { payloadOf } from '#lib/server/alerts/payload.ts';
import { searchAnswer } from '#lib/server/search/site-search.ts';
import { ASSET_CLASSES, chartColumnOf, type AssetClassName } from '#lib/shared/asset-classes.ts';
import { ASSET_CLASS_LINKS } from '#lib/shared/site.ts';
import { withAssetIds } from '#lib/shared/open-data/ids.ts';
import { alertFilterSchema, idSchema, searchQuerySchema } from '#lib/shared/schemas/queries.ts';
import { cite, type Citation, type Facts } from './cite.ts';

/** An answer: the citation, then the API's answer as it is. */
export interface Cited {
  citation: Citation;
  data: unknown;
}

/** A question that was well formed but names nothing the site has (the API's 404): the tool's own error. */
export class NotFound extends Error {}

export interface Tool {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  run: (args: never) => Promise<Cited>;
}

/** A tool's arguments in words (for /docs/mcp and /llms-full.txt): name, whether optional, what it is. */
export function argumentsOf(t: Tool): { name: string; optional: boolean; description: string }[] {
  return Object.entries(t.input.shape as Record<string, z.ZodType>).map(([name, s]) => ({
    name,
    optional: s.safeParse(undefined).success,
    description: s.description ?? '',
  }));
}

const tool = <S extends z.ZodObject>(t: {
  name: string;
  title: string;
  description: string;
  input: S;
  run: (args: z.output<S>) => Promise<Cited>;
}): Tool => t as unknown as Tool;

const facts = (): Promise<Facts> => readOne(servedFactsRead());
/** A page's own as-of date and run, so the citation says what the figures it carries say. */
const factsOf = async (page: { asOf: string }): Promise<Facts> => ({ ...(await facts()), asOf: page.asOf });

const CLASS_SLUGS = ASSET_CLASSES.map(classSlug) as [string, ...string[]];
const classBySlug = new Map<string, AssetClassName>(ASSET_CLASSES.map((c) => [classSlug(c), c]));
/** The class pages' answers, for the classes that have one in the API. */
const CLASS_ANSWERS: Partial<Record<AssetClassName, { api: string; load: () => Promise<unknown> }>> = {
  Stablecoins: { api: '/api/stablecoins', load: async () => stablecoinsResponse(await stablecoinsData()) },
  'U.S. Treasuries': { api: '/api/treasuries', load: async () => treasuriesResponse(await treasuriesData()) },
  'Private Credit': { api: '/api/private-credit', load: async () => privateCreditResponse(await privateCreditData()) },
};

const entity = (key: string) => z.strictObject({ id: idSchema(key).describe(`The ${key}'s id, as its page's address and search name it`) });

export const TOOLS: Tool[] = [
  tool({
    name: 'search',
    title: 'Search',
    description:
      "Find assets, issuers, networks, posts and research by name or ticker (as the site's search box). Each hit has its kind and page; an asset's, issuer's or network's id is the last part of its url.",
    input: z.strictObject({ query: searchQuerySchema.describe('Words or a ticker, 1 to 100 characters') }),
    run: async ({ query }) => {
      const [data, f] = await Promise.all([searchAnswer(query), facts()]);
      const q = encodeURIComponent(query);
      return { citation: cite(f, { page: `/search?q=${q}`, api: `/api/search?q=${q}` }), data };
    },
  }),
  tool({
    name: 'get_asset',
    title: 'An asset',
    description:
      'Everything the asset page shows: price or NAV, market cap, supply per chain, holders, 7- and 30-day changes and yields, history, largest transfers, holder concentration, reconciliation with other sources, and data quality. Money is a decimal string in dollars; an unknown figure is null with why.',
    input: entity('asset'),
    run: async ({ id }) => {
      const page = await loadAssetPage(id);
      if (!page) throw new NotFound('No asset with this id.');
      const url = page.asset.url;
      return {
        citation: cite(await factsOf(page), { page: url, receipt: `${url}/receipt`, api: `/api/assets/${page.asset.id}` }),
        data: assetPageForApi(page),
      };
    },
  }),
  tool({
    name: 'get_network',
    title: 'A network',
    description:
      'A blockchain: its tokenized value, stablecoin value, holders and their history, and the tracked assets on it with their value there.',
    input: entity('network'),
    run: async ({ id }) => {
      const page = await loadNetworkPage(id);
      if (!page) throw new NotFound('No network with this id.');
      return {
        citation: cite(await factsOf(page), { page: page.network.url, api: `/api/networks/${page.network.id}` }),
        data: networkPageForApi(page),
      };
    },
  }),
  tool({
    name: 'get_issuer',
    title: 'An issuer',
    description:
      "An issuer: its tracked assets with their market caps, their total (a fund's holdings of another tracked fund counted once) and its history.",
    input: entity('issuer'),
    run: async ({ id }) => {
      const page = await loadIssuerPage(id);
      if (!page) throw new NotFound('No issuer with this id.');
      return {
        citation: cite(await factsOf(page), { page: page.issuer.url, api: `/api/issuers/${page.issuer.id}` }),
        data: issuerPageForApi(page),
      };
    },
  }),
  tool({
    name: 'get_asset_class',
    title: 'An asset class',
    description:
      "An asset class: its assets (largest first, as /api/assets?assetClass= gives them), its total over time in billions of dollars (its column of /api/chart-data; the stablecoins column leaves out what their reserves hold of tracked funds, counted in those funds' columns), and for stablecoins, U.S. Treasuries and private credit the class page's own figures (issuers, networks, holders).",
    input: z.strictObject({ class: z.enum(CLASS_SLUGS).describe("The class's slug, e.g. stablecoins, u-s-treasuries, private-credit") }),
    run: async ({ class: slug }) => {
      const name = classBySlug.get(slug)!;
      const column = chartColumnOf(name)!;
      const extra = CLASS_ANSWERS[name];
      const [[list, series], f, page] = await Promise.all([readAll([assetsRead(), chartDataRead()]), facts(), extra?.load() ?? null]);
      const assets = withAssetIds(list).filter((a) => a.assetClass === name);
      const history = series.map((p) => ({ date: p.date, valueBillions: p[column], origin: p.origin, source: p.source }));
      const pagePath = ASSET_CLASS_LINKS.find((l) => l.label === name)?.href ?? '/assets';
      return {
        citation: cite(f, { page: pagePath, api: extra?.api ?? `/api/assets?assetClass=${encodeURIComponent(name)}` }),
        data: { assetClass: name, assets, history, page },
      };
    },
  }),
  tool({
    name: 'get_coverage',
    title: 'Coverage',
    description:
      'What the totals include: tracked value per asset class against a named public reference, the gaps against DefiLlama, double counts and what is not covered.',
    input: z.strictObject({}),
    run: async () => {
      const coverage = coverageSchema.parse(await loadCoverage());
      const f = { asOf: coverage.asOf, publishedRun: coverage.publishedRun };
      return { citation: cite(f, { page: '/sources', receipt: '/sources', api: '/api/coverage' }), data: coverageForApi(coverage) };
    },
  }),
  tool({
    name: 'list_alerts',
    title: 'Alerts',
    description:
      "The newest data events (a depeg, a NAV move, a supply move, a held or stale figure, a new asset), all or one asset's, class's or network's.",
    input: alertFilterSchema,
    run: async (filter) => {
      const [events, f] = await Promise.all([listAlerts(getDb(), filter), facts()]);
      const query = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => e[1] !== undefined)).toString();
      const origin = siteOrigin();
      return {
        citation: cite(f, { page: `/alerts${query ? `?${query}` : ''}`, api: `/api/alerts${query ? `?${query}` : ''}` }),
        data: events.map((e) => payloadOf(e, origin)),
      };
    },
  }),
  tool({
    name: 'list_corrections',
    title: 'Corrections',
    description:
      'The public correction log, newest first: published figures a later run changed (before, after, why) and changes of method.',
    input: z.strictObject({}),
    run: async () => {
      const [log, f] = await Promise.all([loadCorrections(), facts()]);
      return { citation: cite(f, { page: '/corrections', api: '/api/corrections' }), data: log };
    },
  }),
  tool({
    name: 'get_receipt',
    title: "A figure's receipt",
    description:
      "What each of an asset's published figures was read from: the block, contract and calls with their raw answers, the excluded wallets, the price and the sum, and the command that repeats the read. Give chain to get that one chain's figure.",
    input: z.strictObject({
      asset: idSchema('asset').describe("The asset's id"),
      chain: idSchema('chain').optional().describe("Only this chain's figure: its network key (e.g. ethereum)"),
    }),
    run: async ({ asset, chain }) => {
      const receipt = await loadAssetReceipt(asset);
      if (!receipt) throw new NotFound('No asset with this id.');
      const figures = chain === undefined ? receipt.figures : receipt.figures.filter((r) => r.chain === chain);
      if (chain !== undefined && figures.length === 0)
        throw new NotFound(
          `No published figure of this asset on ${chain}; its figures: ${receipt.figures.map((r) => r.chain).join(', ') || 'none yet'}.`,
        );
      const url = receipt.asset.url;
      const f = { asOf: receipt.asOf, publishedRun: receipt.publishedRun };
      const anchor = chain === undefined ? '' : `#${figures[0].anchor}`;
      return {
        citation: cite(f, { page: url, receipt: `${url}/receipt${anchor}`, api: `/api/assets/${receipt.asset.id}/receipt` }),
        data: receiptForApi({ ...receipt, figures }),
      };
    },
  }),
];
