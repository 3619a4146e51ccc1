/** The asset endpoints: the list, each asset's page, its downloads and its receipt. */
import * as R from '#lib/shared/schemas/responses.ts';
import { concentrationSchema, reconciliationSchema } from '#lib/shared/schemas/asset-checks.ts';
import { assetReceiptSchema } from '#lib/shared/schemas/receipts.ts';
import { ASSETS_COUNT_HEADERS } from '#lib/server/http/api-answers.ts';
import type { EndpointDefinition } from './definition.ts';
import { assetClass, download, format, history, id, limit } from './params.ts';

export const ASSETS = {
  path: '/api/assets',
  tag: 'Assets',
  description:
    'Every asset the site serves with a figure, largest market cap first. marketCap is a decimal string in dollars, change7d a percent string. Each row links to its page (url) and its id names it in /api/assets/{id}. Its headers say how many assets match and how many products the site lists in all; the list of them all, figures or not, is /assets?format=json.',
  summary: 'Every asset with figures, largest first, with its page',
  component: 'Assets',
  schema: R.assetsSchema,
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
} satisfies EndpointDefinition;

export const ASSET_PAGE = {
  path: '/api/assets/{id}',
  tag: 'Assets',
  description:
    "Everything the asset's page shows. Each figure carries its value, its as-of date and its source, or why it is unknown. Money (the price, the market cap, each chain's value, the history's market cap) is a decimal string in dollars; supply, holders and percents are numbers.",
  summary: "Everything an asset's page shows: figures with as-of and source, chains, history, transfers, quality",
  component: 'AssetPage',
  schema: R.assetPageSchema,
  params: [id('asset')],
  example: '/api/assets/{asset}',
} satisfies EndpointDefinition;

export const ASSET_HISTORY = {
  path: '/api/assets/{id}/history',
  tag: 'Assets',
  description: "The asset's series, one row per date, as JSON or CSV.",
  summary: "An asset's market cap, supply and holders per date",
  component: 'AssetHistory',
  schema: R.assetHistorySchema,
  params: [id('asset'), ...history, format],
  csv: true,
  example: '/api/assets/{asset}/history?range=all',
} satisfies EndpointDefinition;

export const ASSET_CHAINS = {
  path: '/api/assets/{id}/chains',
  tag: 'Assets',
  description:
    'One row per chain the asset is issued on, with the contract, the wallets excluded from supply and the block or API call the figure was read from.',
  summary: "An asset's supply per chain: contract, excluded wallets, block or API of the observation",
  component: 'AssetChains',
  schema: R.assetChainRowsSchema,
  params: [id('asset'), format],
  csv: true,
  example: '/api/assets/{asset}/chains',
} satisfies EndpointDefinition;

export const ASSET_TRANSFERS = {
  path: '/api/assets/{id}/transfers',
  tag: 'Assets',
  description: "The asset's largest transfers of the 30 days before the as-of date, largest first.",
  summary: "An asset's largest transfers of the last 30 days",
  component: 'AssetTransfers',
  schema: R.assetTransferRowsSchema,
  params: [id('asset'), format],
  csv: true,
  example: '/api/assets/{asset}/transfers',
} satisfies EndpointDefinition;

export const ASSET_YIELD = {
  path: '/api/assets/{id}/yield',
  tag: 'Assets',
  description:
    "The asset's 7-day and 30-day yields, annualised from its NAV history, with the two NAVs compared and the method; unknown with why for a $1-NAV fund.",
  summary: "An asset's annualised yield from its NAV",
  component: 'AssetYield',
  schema: R.assetYieldRowsSchema,
  params: [id('asset'), format],
  csv: true,
  example: '/api/assets/{asset}/yield',
} satisfies EndpointDefinition;

export const ASSET_RECEIPT = {
  path: '/api/assets/{id}/receipt',
  tag: 'Assets',
  description:
    "What each chain's published figure of the asset was read from: the chain and block (number, time, hash), the contract and methods with each raw answer (hex) and its decoded value, the wallets excluded with their balances, the price and its source, and the sum. command is a curl with the JSON-RPC eth_call batch at that block (each result is the raw answer shown; a past block needs an archive node); a read through a public API (DefiLlama) or a non-EVM node (Solana, XRP Ledger, Stellar, Aptos) gives api instead: its URL, the ledger when the source names one, the curl that asks again and what it answers with, the decoded figures and the sum, and notKept: its raw answer is not kept. figures is empty with a note before any live figure.",
  summary: "The receipt of each of an asset's figures: block, calls, raw answers, sum, and the command that repeats the read",
  component: 'AssetReceipt',
  schema: assetReceiptSchema,
  params: [id('asset')],
  example: '/api/assets/{asset}/receipt',
} satisfies EndpointDefinition;

export const ASSET_CONCENTRATION = {
  path: '/api/assets/{id}/concentration',
  tag: 'Assets',
  description:
    "The asset's holder concentration per day, across its chains ('all') and per chain: the top-10 share (0-1), the Herfindahl-Hirschman index (0-10,000) and the Gini coefficient (0-1), with the number of holders and the block read. Excluded wallets are left out and a balance at or below the asset's dust threshold is not a holder; method says how. Each day is computed once, by the run that read it, from the balances the Transfer index keeps current. ?format=csv gives the history rows.",
  summary: "An asset's holder concentration per day: top-10 share, HHI and Gini",
  component: 'AssetConcentration',
  schema: concentrationSchema,
  params: [id('asset'), format],
  csv: true,
  example: '/api/assets/{asset}/concentration',
} satisfies EndpointDefinition;

export const ASSET_RECONCILIATION = {
  path: '/api/assets/{id}/reconciliation',
  tag: 'Assets',
  description:
    "Every figure known for the asset, side by side: the chain's own, the issuer's published AUM (a dated public figure with its source), DefiLlama's and the public reference of its class, each with its gap to the chain's figure in percent and a note on why they differ. A gap over thresholdPct (5) either way is flagged. Money is a decimal string in dollars; an unknown figure is null with why. ?format=csv gives the rows.",
  summary: "An asset's figures from every source beside the chain's, with the gaps",
  component: 'AssetReconciliation',
  schema: reconciliationSchema,
  params: [id('asset'), format],
  csv: true,
  example: '/api/assets/{asset}/reconciliation',
} satisfies EndpointDefinition;
