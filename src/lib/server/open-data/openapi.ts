/**
 * The OpenAPI 3.1 document of the public read API, generated from the zod schemas the contract
 * test validates real answers against (src/lib/shared/schemas/responses.ts). One list of
 * endpoints feeds the document, the /docs/api page (with its example calls) and the test.
 */
import { z } from 'zod';
import * as R from '#lib/shared/schemas/responses.ts';
import { coverageSchema } from '#lib/server/figures/coverage-data.ts';
import { concentrationSchema, reconciliationSchema } from '#lib/shared/schemas/asset-checks.ts';
import { NETWORK_METRICS } from '#lib/shared/analytics-types.ts';
import { RANGES } from '#lib/shared/open-data/range.ts';
import { MAX_TRANSFER_LIMIT, TRANSFER_LIMIT } from '#lib/shared/transfers.ts';
import { assetReceiptSchema, correctionsSchema } from '#lib/shared/schemas/receipts.ts';
import { alertSchema, alertsSchema, jsonFeedSchema } from '#lib/shared/schemas/alerts.ts';
import { oembedSchema } from '#lib/shared/schemas/oembed.ts';
import { compareSchema } from '#lib/shared/schemas/compare.ts';
import { MAX_COMPARE } from '#lib/shared/compare.ts';
import { ASSETS_COUNT_HEADERS } from '#lib/server/http/api-answers.ts';

type Param = { name: string; in: 'query' | 'path'; required?: boolean; description: string; schema: Record<string, unknown> };

/** The document's groups, in the order the docs list them. */
export const TAGS = {
  Market: 'Totals across every tracked asset, and what they cover',
  Assets: 'Tokenized assets: the list, each asset, and its downloads',
  Networks: 'Blockchains: the list, each network, and its downloads',
  Issuers: 'Issuers: the list, each issuer, and its downloads',
  Transfers: 'The largest on-chain transfers',
  'Asset classes': "The asset-class pages' figures (stablecoins, U.S. Treasuries, private credit)",
  Search: 'Find assets, issuers, networks, posts and research by name',
  Corrections: 'Published figures a later run changed, and changes of method',
  Alerts: 'Data events from the published figures, as a list and as Atom and JSON feeds (no account)',
  Compare: 'Up to five products side by side, and their histories on one date row',
  Embeds: "The site's charts for other pages: oEmbed answers with an iframe of /embed/...",
} as const;

export interface Endpoint {
  path: string;
  tag: keyof typeof TAGS;
  summary: string;
  /** What the answer holds and how to ask for it: the operation's description. */
  description: string;
  /** The component holding the 200 answer's schema. */
  schema: keyof typeof SCHEMAS;
  params: Param[];
  /** Answers ?format=csv with the same rows. */
  csv?: boolean;
  /** A real call, shown on the docs page and made by the contract test. */
  example: string;
  /** The answer's media type when it is not JSON (a feed): its schema is then a string (Atom) or the named one. */
  media?: 'application/atom+xml' | 'application/feed+json';
  /** Error answers beside 400 (and 404 of an {id} path), by status: what each means. */
  errors?: Record<string, string>;
  /** Headers the 200 answer carries beside ETag and Cache-Control, each with what it says. */
  headers?: Record<string, { description: string; schema: { type: 'integer' | 'string' } }>;
}

/** /api/coverage's answer: what /sources reads, with its money as decimal strings (api-money.ts). */
const C = coverageSchema.shape;
const moneyIn = <T extends z.ZodObject>(schema: T, keys: string[]) =>
  schema.extend(Object.fromEntries(keys.map((k) => [k, schema.shape[k] instanceof z.ZodNullable ? R.money.nullable() : R.money])));
const coverageAnswerSchema = coverageSchema.extend({
  classes: z.array(
    moneyIn(C.classes.element, ['trackedValue']).extend({
      reference: moneyIn(C.classes.element.shape.reference.unwrap(), ['value']).nullable(),
      leads: z.array(moneyIn(C.classes.element.shape.leads.element, ['value'])),
    }),
  ),
  overall: moneyIn(C.overall, ['trackedValue']).extend({
    reference: moneyIn(C.overall.shape.reference.unwrap(), ['value']).nullable(),
    leads: z.array(moneyIn(C.overall.shape.leads.element, ['value'])),
  }),
  gaps: z.array(moneyIn(C.gaps.element, ['chainValue', 'defillamaValue'])),
  doubleCounts: z.array(moneyIn(C.doubleCounts.element, ['value'])),
  overlap: moneyIn(
    C.overlap.extend({
      holdings: z.array(moneyIn(C.overlap.shape.holdings.element, ['value'])),
      estimate: moneyIn(C.overlap.shape.estimate, ['value']),
    }),
    ['measuredValue'],
  ),
  holdings: z.array(R.holdingAnswerSchema),
  combined: z.object({ rowsSum: R.money, netted: R.money, value: R.money }).nullable(),
  notCovered: z.array(moneyIn(C.notCovered.element, ['defillamaValue'])),
});

export const SCHEMAS = {
  Error: R.errorSchema,
  MarketOverview: R.marketOverviewSchema,
  ChartData: R.chartDataSchema,
  Assets: R.assetsSchema,
  Networks: R.networksSchema,
  NetworkTimeSeries: R.timeSeriesSchema,
  Transfers: R.transfersSchema,
  Issuers: R.issuersSchema,
  AssetPage: R.assetPageSchema,
  AssetHistory: R.assetHistorySchema,
  NetworkPage: R.networkPageSchema,
  IssuerPage: R.issuerPageSchema,
  Coverage: coverageAnswerSchema,
  Stablecoins: R.stablecoinsSchema,
  StablecoinOverview: R.stablecoinOverviewSchema,
  Treasuries: R.treasuriesSchema,
  PrivateCredit: R.privateCreditSchema,
  AssetChains: R.assetChainRowsSchema,
  AssetTransfers: R.assetTransferRowsSchema,
  AssetYield: R.assetYieldRowsSchema,
  AssetConcentration: concentrationSchema,
  AssetReconciliation: reconciliationSchema,
  NetworkHistory: R.networkHistoryRowsSchema,
  NetworkAssets: R.networkAssetRowsSchema,
  IssuerHistory: R.issuerHistoryRowsSchema,
  IssuerAssets: R.issuerAssetRowsSchema,
  Search: R.searchSchema,
  AssetReceipt: assetReceiptSchema,
  Corrections: correctionsSchema,
  Alerts: alertsSchema,
  Alert: alertSchema,
  JsonFeed: jsonFeedSchema,
  OEmbed: oembedSchema,
  Compare: compareSchema,
} as const;

/** A query parameter: what it is, and its JSON Schema. */
const query = (name: string, description: string, schema: Param['schema']): Param => ({ name, in: 'query', description, schema });
const format = query('format', 'json (default) or csv: the same rows as RFC 4180 CSV with a header row and plain numbers', {
  type: 'string',
  enum: ['json', 'csv'],
});
const download = query('download', 'Present: sent as a file (Content-Disposition) named with the view and the as-of date', {
  type: 'string',
});
const limit = query('limit', 'At most this many rows, largest first (1 to 1000); absent: all', {
  type: 'integer',
  minimum: 1,
  maximum: 1000,
});
const assetClass = query('assetClass', "Only the assets of this class, as the list names it (e.g. 'U.S. Treasuries')", {
  type: 'string',
  maxLength: 100,
});
const id = (what: string): Param => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `The ${what}'s id`,
  schema: { type: 'string' },
});
/** from/to alone, for the spec's series (every date without them). */
const bounds = (): Param[] => history.slice(1);
const DATE = { type: 'string', format: 'date' };
const history: Param[] = [
  query('range', 'The last 30d, 90d (default), 1y, or all', { type: 'string', enum: [...RANGES] }),
  query('from', 'First date, inclusive (YYYY-MM-DD); with from or to, range is ignored', DATE),
  query('to', 'Last date, inclusive (YYYY-MM-DD), not before from', DATE),
];

/** One subscription: every event, or one asset's, class's or network's (an unknown id matches nothing yet). */
const ID = { type: 'string', pattern: '^[a-z0-9][a-z0-9.-]{0,79}$' };
const alertFilters: Param[] = [
  query('asset', "Only this asset's events: its id (e.g. usdc)", ID),
  query('class', "Only this asset class's events: its slug (e.g. stablecoins, u-s-treasuries)", ID),
  query('network', "Only this network's events: its id (e.g. ethereum)", ID),
];

/** An endpoint's place on /docs/api: its article's id (get-api-assets-id). */
export const endpointAnchor = (path: string) =>
  `get-${path
    .replace(/[{}]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`.toLowerCase();

/** Where the document itself is served (src/pages/api/openapi.json.ts). */
export const OPENAPI_PATH = '/api/openapi.json';

export const ENDPOINTS: Endpoint[] = [
  {
    path: '/api/market-overview',
    tag: 'Market',
    description:
      'The headline figures of the home and networks pages. Money (totalRWAValue, totalStablecoinValue) is a decimal string in dollars; counts are numbers.',
    summary: 'Headline totals and the as-of date',
    schema: 'MarketOverview',
    params: [],
    example: '/api/market-overview',
  },
  {
    path: '/api/chart-data',
    tag: 'Market',
    description:
      "One point per date, each asset class's total in billions of dollars as a decimal string, as the home page stacks them: the stablecoins column leaves out what stablecoin reserves hold of the tracked products in the other columns on a day those holdings are known (they are counted there; /api/coverage lists them), so the columns add up to the market once. from and to bound the dates; without them every date is returned.",
    summary: 'Asset-class totals over time, in billions of dollars (full precision)',
    schema: 'ChartData',
    params: [...bounds(), format, download],
    csv: true,
    example: '/api/chart-data',
  },
  {
    path: '/api/assets',
    tag: 'Assets',
    description:
      'Every asset the site serves with a figure, largest market cap first. marketCap is a decimal string in dollars, change7d a percent string. Each row links to its page (url) and its id names it in /api/assets/{id}. Its headers say how many assets match and how many products the site lists in all; the list of them all, figures or not, is /assets?format=json.',
    summary: 'Every asset with figures, largest first, with its page',
    schema: 'Assets',
    params: [assetClass, limit, format, download],
    csv: true,
    example: '/api/assets',
    headers: {
      [ASSETS_COUNT_HEADERS.total]: { description: 'How many assets match, before limit', schema: { type: 'integer' } },
      [ASSETS_COUNT_HEADERS.listed]: {
        description: 'How many products the site lists in all, with a figure or without one yet (/assets?format=json)',
        schema: { type: 'integer' },
      },
      Link: { description: 'The list of every product the site lists: </assets?format=json>; rel="alternate"', schema: { type: 'string' } },
    },
  },
  {
    path: '/api/networks',
    tag: 'Networks',
    description:
      'Every network, largest tokenized value first. totalValue is a decimal string in dollars, marketShare a percent of the total.',
    summary: 'Every network, largest first',
    schema: 'Networks',
    params: [limit, format, download],
    csv: true,
    example: '/api/networks',
  },
  {
    path: '/api/networks/time-series',
    tag: 'Networks',
    description:
      "The chosen metric per network at each month's last date: a map of network name to value (dollars for the value metrics, counts for the others).",
    summary: 'One metric per network, one point per month',
    schema: 'NetworkTimeSeries',
    params: [
      {
        name: 'metricType',
        in: 'query',
        required: true,
        description: 'The metric',
        schema: { type: 'string', enum: [...NETWORK_METRICS] },
      },
      ...bounds(),
      format,
      download,
    ],
    csv: true,
    example: '/api/networks/time-series?metricType=tokenized-asset-value',
  },
  {
    path: '/api/transfers',
    tag: 'Transfers',
    description:
      "The largest transfers before the as-of date, largest first, within an optional amount range. usdAmount is a number in dollars (the field's original type, kept as it is).",
    summary: 'The largest transfers of the last 7, 30 or 90 days before the as-of date',
    schema: 'Transfers',
    params: [
      { name: 'days', in: 'query', required: true, description: 'The window', schema: { type: 'integer', enum: [7, 30, 90] } },
      { name: 'minUsd', in: 'query', description: 'Inclusive lower bound in dollars', schema: { type: 'number', minimum: 0 } },
      { name: 'maxUsd', in: 'query', description: 'Exclusive upper bound in dollars', schema: { type: 'number', exclusiveMinimum: 0 } },
      {
        name: 'limit',
        in: 'query',
        description: `Rows, per amount range when no bound is given (default ${TRANSFER_LIMIT}, at most ${MAX_TRANSFER_LIMIT})`,
        schema: { type: 'integer', minimum: 1, maximum: MAX_TRANSFER_LIMIT, default: TRANSFER_LIMIT },
      },
      format,
      download,
    ],
    csv: true,
    example: '/api/transfers?days=30&minUsd=1000000',
  },
  {
    path: '/api/issuers',
    tag: 'Issuers',
    description:
      "Every issuer with its number of assets and the sum of their known market caps (a decimal string in dollars; null when no asset's is known). Assets with an unknown market cap are counted in unknownCount and left out of the sum.",
    summary: 'Every issuer with its asset count and total known market cap',
    schema: 'Issuers',
    params: [format, download],
    csv: true,
    example: '/api/issuers',
  },
  {
    path: '/api/assets/{id}',
    tag: 'Assets',
    description:
      "Everything the asset's page shows. Each figure carries its value, its as-of date and its source, or why it is unknown. Money (the price, the market cap, each chain's value, the history's market cap) is a decimal string in dollars; supply, holders and percents are numbers.",
    summary: "Everything an asset's page shows: figures with as-of and source, chains, history, transfers, quality",
    schema: 'AssetPage',
    params: [id('asset')],
    example: '/api/assets/{asset}',
  },
  {
    path: '/api/assets/{id}/history',
    tag: 'Assets',
    description: "The asset's series, one row per date, as JSON or CSV.",
    summary: "An asset's market cap, supply and holders per date",
    schema: 'AssetHistory',
    params: [id('asset'), ...history, format],
    csv: true,
    example: '/api/assets/{asset}/history?range=all',
  },
  {
    path: '/api/assets/{id}/chains',
    tag: 'Assets',
    description:
      'One row per chain the asset is issued on, with the contract, the wallets excluded from supply and the block or API call the figure was read from.',
    summary: "An asset's supply per chain: contract, excluded wallets, block or API of the observation",
    schema: 'AssetChains',
    params: [id('asset'), format],
    csv: true,
    example: '/api/assets/{asset}/chains',
  },
  {
    path: '/api/assets/{id}/transfers',
    tag: 'Assets',
    description: "The asset's largest transfers of the 30 days before the as-of date, largest first.",
    summary: "An asset's largest transfers of the last 30 days",
    schema: 'AssetTransfers',
    params: [id('asset'), format],
    csv: true,
    example: '/api/assets/{asset}/transfers',
  },
  {
    path: '/api/assets/{id}/yield',
    tag: 'Assets',
    description:
      "The asset's 7-day and 30-day yields, annualised from its NAV history, with the two NAVs compared and the method; unknown with why for a $1-NAV fund.",
    summary: "An asset's annualised yield from its NAV",
    schema: 'AssetYield',
    params: [id('asset'), format],
    csv: true,
    example: '/api/assets/{asset}/yield',
  },
  {
    path: '/api/assets/{id}/receipt',
    tag: 'Assets',
    description:
      "What each chain's published figure of the asset was read from: the chain and block (number, time, hash), the contract and methods with each raw answer (hex) and its decoded value, the wallets excluded with their balances, the price and its source, and the sum. command is a curl with the JSON-RPC eth_call batch at that block (each result is the raw answer shown; a past block needs an archive node); a read through a public API (DefiLlama) or a non-EVM node (Solana, XRP Ledger, Stellar, Aptos) gives api instead: its URL, the ledger when the source names one, the curl that asks again and what it answers with, the decoded figures and the sum, and notKept: its raw answer is not kept. figures is empty with a note before any live figure.",
    summary: "The receipt of each of an asset's figures: block, calls, raw answers, sum, and the command that repeats the read",
    schema: 'AssetReceipt',
    params: [id('asset')],
    example: '/api/assets/{asset}/receipt',
  },
  {
    path: '/api/assets/{id}/concentration',
    tag: 'Assets',
    description:
      "The asset's holder concentration per day, across its chains ('all') and per chain: the top-10 share (0-1), the Herfindahl-Hirschman index (0-10,000) and the Gini coefficient (0-1), with the number of holders and the block read. Excluded wallets are left out and a balance at or below the asset's dust threshold is not a holder; method says how. Each day is computed once, by the run that read it, from the balances the Transfer index keeps current. ?format=csv gives the history rows.",
    summary: "An asset's holder concentration per day: top-10 share, HHI and Gini",
    schema: 'AssetConcentration',
    params: [id('asset'), format],
    csv: true,
    example: '/api/assets/{asset}/concentration',
  },
  {
    path: '/api/assets/{id}/reconciliation',
    tag: 'Assets',
    description:
      "Every figure known for the asset, side by side: the chain's own, the issuer's published AUM (a dated public figure with its source), DefiLlama's and the public reference of its class, each with its gap to the chain's figure in percent and a note on why they differ. A gap over thresholdPct (5) either way is flagged. Money is a decimal string in dollars; an unknown figure is null with why. ?format=csv gives the rows.",
    summary: "An asset's figures from every source beside the chain's, with the gaps",
    schema: 'AssetReconciliation',
    params: [id('asset'), format],
    csv: true,
    example: '/api/assets/{asset}/reconciliation',
  },
  {
    path: '/api/networks/{id}',
    tag: 'Networks',
    description: "Everything the network's page shows: its row of /api/networks, its history and the assets on it.",
    summary: "Everything a network's page shows",
    schema: 'NetworkPage',
    params: [id('network')],
    example: '/api/networks/{network}',
  },
  {
    path: '/api/networks/{id}/history',
    tag: 'Networks',
    description: "The network's metrics, one row per date and one column per metric, as JSON or CSV.",
    summary: "A network's six metrics and its share per date",
    schema: 'NetworkHistory',
    params: [id('network'), ...history, format],
    csv: true,
    example: '/api/networks/{network}/history?range=1y',
  },
  {
    path: '/api/networks/{id}/assets',
    tag: 'Networks',
    description: 'The assets on the network, with the value on this network and their whole market cap.',
    summary: 'The assets on a network',
    schema: 'NetworkAssets',
    params: [id('network'), format],
    csv: true,
    example: '/api/networks/{network}/assets',
  },
  {
    path: '/api/issuers/{id}',
    tag: 'Issuers',
    description: "Everything the issuer's page shows: its summary, its assets and their summed history.",
    summary: "An issuer's assets and their total over time",
    schema: 'IssuerPage',
    params: [id('issuer')],
    example: '/api/issuers/{issuer}',
  },
  {
    path: '/api/issuers/{id}/history',
    tag: 'Issuers',
    description: "The sum of the issuer's known market caps, one row per date.",
    summary: "An issuer's total over time",
    schema: 'IssuerHistory',
    params: [id('issuer'), ...history, format],
    csv: true,
    example: '/api/issuers/{issuer}/history?range=all',
  },
  {
    path: '/api/issuers/{id}/assets',
    tag: 'Issuers',
    description: "The issuer's assets with their market caps and the source of each.",
    summary: "An issuer's assets",
    schema: 'IssuerAssets',
    params: [id('issuer'), format],
    csv: true,
    example: '/api/issuers/{issuer}/assets',
  },
  {
    path: '/api/coverage',
    tag: 'Market',
    description:
      'Per asset class, the tracked total against a named public reference for the whole class; per asset and chain, the gap between a chain reader and DefiLlama.',
    summary: 'What the totals cover against a named public reference, and source gaps',
    schema: 'Coverage',
    params: [],
    example: '/api/coverage',
  },
  {
    path: '/api/stablecoins',
    tag: 'Asset classes',
    description:
      'What the stablecoins page lists: every stablecoin with its platform, networks, market cap (a decimal string in dollars) and price.',
    summary: 'The stablecoins, largest first',
    schema: 'Stablecoins',
    params: [],
    example: '/api/stablecoins',
  },
  {
    path: '/api/stablecoin-overview',
    tag: 'Asset classes',
    description:
      "The stablecoins page's headline cards, and each card's figure as a field: money as decimal strings in dollars, counts as numbers, null when unknown.",
    summary: 'The stablecoin headline figures',
    schema: 'StablecoinOverview',
    params: [],
    example: '/api/stablecoin-overview',
  },
  {
    path: '/api/treasuries',
    tag: 'Asset classes',
    description:
      'What the U.S. Treasuries page shows: its headline cards, the largest issuers and every product, market caps as decimal strings in dollars.',
    summary: 'Tokenized U.S. Treasuries: cards, issuers and products',
    schema: 'Treasuries',
    params: [],
    example: '/api/treasuries',
  },
  {
    path: '/api/private-credit',
    tag: 'Asset classes',
    description:
      'What the private credit page shows (a dated snapshot): its headline cards, the lending platforms and their pools, amounts as decimal strings in dollars.',
    summary: 'Private credit: platforms and pools',
    schema: 'PrivateCredit',
    params: [],
    example: '/api/private-credit',
  },
  {
    path: '/api/search',
    tag: 'Search',
    description:
      "What the header's search box suggests: assets (by name, symbol or contract address, with their market cap), issuers (by name or their assets' symbols), networks, blog posts and research articles matching q, best first. Words match by prefix, names and symbols anywhere in the word (usdc finds syrupUSDC), longer words with a typo; every word must match. /search?q= shows the same on a page.",
    summary: 'Assets, issuers, networks, posts and research matching a query',
    schema: 'Search',
    params: [
      {
        name: 'q',
        in: 'query',
        required: true,
        description: 'What to look for (1 to 100 characters): a name, a symbol, the start of a contract address, a title',
        schema: { type: 'string', minLength: 1, maxLength: 100 },
      },
    ],
    example: '/api/search?q=ondo',
  },
  {
    path: '/api/corrections',
    tag: 'Corrections',
    description:
      "The public correction log, newest first (the latest 500): each published figure of a past day that a later run changed (one asset on one chain from one source: value, supply, price or holders), with before and after, the day, the reason and the method version; and each change of method (figure 'method'). Money is a decimal string in dollars, as elsewhere.",
    summary: 'Published figures changed later, and method changes, with before, after and why',
    schema: 'Corrections',
    params: [],
    example: '/api/corrections',
  },
  {
    path: '/api/alerts',
    tag: 'Alerts',
    description:
      'The newest data events (at most 100), newest first: a stablecoin more than 1% off its peg, a NAV moving more than its class allows in a day, a supply move of more than 10% in a day, a figure held by the circuit breaker, a source gone stale, a new asset. Each is made by the run that publishes, from the published figures only, with its evidence (before and after, the blocks and API calls); a run held whole by its totals makes one hold event with no asset. A figure the breaker refused is never given: a hold gives the published figure, the move as a ratio of it, and where the refused read was made. The same shape is what a webhook receives.',
    summary: 'The newest data events, all or per asset, class or network',
    schema: 'Alerts',
    params: alertFilters,
    example: '/api/alerts',
  },
  {
    path: '/api/alerts/{id}',
    tag: 'Alerts',
    description: 'One event with its evidence, as its page /alerts/{id} shows it.',
    summary: 'One data event with its evidence',
    schema: 'Alert',
    params: [id('alert')],
    example: '/api/alerts/{alert}',
  },
  {
    path: '/api/alerts/feed.atom',
    tag: 'Alerts',
    description:
      "An Atom feed (RFC 4287) of the newest events, each entry linking to the event's page. No account: subscribe in any feed reader.",
    summary: 'Atom feed of the events, all or per asset, class or network',
    schema: 'Alerts',
    media: 'application/atom+xml',
    params: alertFilters,
    example: '/api/alerts/feed.atom?class=stablecoins',
  },
  {
    path: '/api/alerts/feed.json',
    tag: 'Alerts',
    description: 'A JSON Feed 1.1 of the newest events; each item carries the event itself under _alert.',
    summary: 'JSON Feed of the events, all or per asset, class or network',
    schema: 'JsonFeed',
    media: 'application/feed+json',
    params: alertFilters,
    example: '/api/alerts/feed.json',
  },
  {
    path: '/api/compare',
    tag: 'Compare',
    description: `The table of /compare: each product's value, price or NAV (in dollars; priceCurrency names a NAV struck in another currency), yields, holders, concentration and supply per chain, each as its asset page shows it, an unknown figure null with why (unknown). view=history gives instead one row per date with each product's market cap, in dollars or (scale=indexed) as an index of 100 on the first date all of them have. More than ${MAX_COMPARE} products, or an unknown id, is a 400.`,
    summary: 'Up to five products side by side, or their histories',
    schema: 'Compare',
    params: [
      {
        name: 'assets',
        in: 'query',
        required: true,
        description: `1 to ${MAX_COMPARE} asset ids, separated by commas (case, order and repeats do not matter)`,
        schema: { type: 'string' },
      },
      query('view', 'table (default): one row per product; history: one row per date', { type: 'string', enum: ['table', 'history'] }),
      query('scale', 'With view=history: absolute (default, dollars) or indexed (100 on the first common date)', {
        type: 'string',
        enum: ['absolute', 'indexed'],
      }),
      query('range', 'With view=history: the last 30d, 90d (default), 1y, or all', { type: 'string', enum: [...RANGES] }),
      format,
      download,
    ],
    csv: true,
    example: '/api/compare?assets={asset}',
  },
  {
    path: '/api/oembed',
    tag: 'Embeds',
    description:
      'oEmbed 1.0 (https://oembed.com) for the site\'s charts: url is a page with a chart (/ for the class totals, /assets/{id} for an asset\'s history, /networks/{id} for a network\'s share) or an /embed/ address (/embed/assets/{id}/concentration for holder concentration; ?theme=light|dark). The answer is a rich embed: an iframe of the server-drawn chart, which needs no script and carries its as-of date, origin and a link back. Pages with a chart name this endpoint in a <link rel="alternate" type="application/json+oembed">.',
    summary: 'An iframe of a chart, for embedding in another page',
    schema: 'OEmbed',
    params: [
      {
        name: 'url',
        in: 'query',
        required: true,
        description: 'The address of a page of this site with a chart, or of an /embed/ page',
        schema: { type: 'string', format: 'uri' },
      },
      query('maxwidth', 'The widest iframe the consumer takes, in pixels (the chart is drawn 280 to 640 wide)', {
        type: 'integer',
        minimum: 1,
      }),
      query('maxheight', 'The tallest iframe the consumer takes, in pixels', { type: 'integer', minimum: 1 }),
      query('format', 'json (the default); xml is not answered (501)', { type: 'string', enum: ['json', 'xml'] }),
    ],
    errors: {
      '404': 'No chart at that address (not this site, no such page, asset or network)',
      '501': 'The xml format is not implemented',
    },
    example: '/api/oembed?url={origin}%2F',
  },
];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The terms the figures are published under: free to reuse with attribution. An OpenAPI document
 * names a license, so a reuser knows the terms; the site's owner may set another here.
 */
const LICENSE = { name: 'CC BY 4.0', identifier: 'CC-BY-4.0' };

/** The document (pure: the same input gives the same document). */
export function openApiDocument(serverUrl: string) {
  const schemas = Object.fromEntries(
    Object.entries(SCHEMAS).map(([name, schema]) => {
      const { $schema: _drop, ...json } = z.toJSONSchema(schema as z.ZodType, {
        target: 'draft-2020-12',
        io: 'output',
        unrepresentable: 'any',
      });
      void _drop;
      return [name, json];
    }),
  );
  const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });
  const paths = Object.fromEntries(
    ENDPOINTS.map((e) => [
      e.path,
      {
        get: {
          tags: [e.tag],
          summary: e.summary,
          description: e.description,
          operationId: e.path
            .replace(/[{}]/g, '')
            .replace(/[^A-Za-z0-9]+/g, '_')
            .replace(/^_|_$/g, ''),
          parameters: e.params,
          // Public: no key, no cookie (an empty list overrides any document-wide requirement).
          security: [],
          responses: {
            '200': {
              description: 'OK. Sent with ETag and Cache-Control; open to any origin (Access-Control-Allow-Origin: *).',
              ...(e.headers ? { headers: e.headers } : {}),
              content:
                e.media === 'application/atom+xml'
                  ? { [e.media]: { schema: { type: 'string' } } }
                  : {
                      [e.media ?? 'application/json']: { schema: ref(e.schema) },
                      ...(e.csv ? { 'text/csv': { schema: { type: 'string' } } } : {}),
                    },
            },
            '304': { description: 'Not modified: the If-None-Match header named the current ETag' },
            '400': errorResponse('Invalid query parameter'),
            ...(e.path.includes('{id}') ? { '404': errorResponse('No such id') } : {}),
            ...Object.fromEntries(Object.entries(e.errors ?? {}).map(([status, what]) => [status, errorResponse(what)])),
          },
        },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'RWA Analytics public API',
      version: '1.0.0',
      description: [
        'Free, open read access to every figure on the site. No key, no cookie: any origin may call it (CORS), and every answer has an ETag for a conditional GET (304).',
        'Money is a decimal string in dollars (e.g. "1234.5"; billions in /api/chart-data), for assets and networks; the one exception is a transfer\'s usdAmount, a number. Percents and counts are numbers unless the spec says otherwise (change7d, change30d). An unknown figure is null, never 0.',
        'Every error is {"message", "issues"?} with the HTTP status saying its kind.',
        `AI assistants reach the same figures as MCP tools at ${serverUrl}/mcp (Streamable HTTP, stateless; how to connect: ${serverUrl}/docs/mcp).`,
      ].join('\n\n'),
      contact: { name: 'RWA Analytics', url: `${serverUrl}/docs/api` },
      license: LICENSE,
    },
    servers: [{ url: serverUrl, description: 'This site' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: { schemas },
  };
}
