/**
 * The public API's answers as zod schemas: the OpenAPI document (/api/openapi.json) is generated
 * from these, and the contract test validates each documented endpoint's real answer against the
 * document, so the two cannot drift. Field names and kinds follow the spec (money as numeric
 * strings where it says so); `id` and `url` are the open-data additions.
 */
import { z } from 'zod';
import { ORIGINS } from '#lib/shared/origin.ts';
import { CHART_COLUMNS, type ChartColumn } from '#lib/shared/asset-classes.ts';
import { holdingSchema } from './holdings.ts';

const numericString = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .describe('A decimal number as a string (no exponent, no currency)');
/** Money (src/lib/shared/money.ts): dollars as a decimal string, in every answer. */
export const money = numericString.describe('Dollars, as a decimal string');
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('A date, YYYY-MM-DD');

/** Added beside the spec's fields on every figure (src/lib/shared/origin.ts says the rule). */
const origin = z
  .enum(ORIGINS)
  .describe(
    "Where the figure comes from: 'live' (a published ingest run's read, with its block or API URL), 'snapshot' (the dated public figure of the embedded snapshot) or 'illustrative' (the snapshot's synthetic detail; never served once a run is published)",
  );

export const errorSchema = z
  .object({
    message: z.string().describe('What went wrong, for people'),
    issues: z.record(z.string(), z.array(z.string())).optional().describe('Per field (query parameter), what is wrong with it'),
  })
  .describe('Every error: the HTTP status says the kind (400 bad input, 404 unknown, 429 too many), the body says why');

export const marketOverviewSchema = z.object({
  totalRWAValue: numericString.nullable().describe('Dollars; null when unknown (no published figure), never 0'),
  totalAssetHolders: z.number().int().nullable(),
  totalRWAHolders: z.number().int().nullable(),
  totalAssetIssuers: z.number().int().nullable(),
  totalStablecoinValue: numericString.nullable(),
  asOf: day,
  changes30d: z
    .object({ totalRWAValue: z.number().nullable(), totalAssetHolders: z.number().nullable(), totalStablecoinValue: z.number().nullable() })
    .optional()
    .describe("Percent over 30 days, from the run's series (null: no figure 30 days earlier, or a zero base); absent without a run"),
  basis: z
    .object({ totalRWAValue: z.string(), totalStablecoinValue: z.string() })
    .nullable()
    .describe('What each total counts, in words: the tracked products or the whole market (coverage by class: /api/coverage)'),
  origin,
});

/** One numeric string per asset class column (asset-classes.ts). */
const classColumns = Object.fromEntries(CHART_COLUMNS.map((c) => [c, numericString])) as Record<ChartColumn, typeof numericString>;

export const chartDataSchema = z.array(
  z.object({
    date: day,
    ...classColumns,
    origin,
    source: z
      .string()
      .nullable()
      .describe("Where the point comes from: the history API's URL, or the run's on-chain reads; null for the snapshot"),
  }),
);

const assetSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  assetClass: z.string(),
  marketCap: numericString.describe('Dollars'),
  change7d: numericString.nullable().describe('Percent; null when there is no figure 7 days earlier'),
  origin: origin.describe('Of the market cap'),
  change7dOrigin: origin.describe('Of the 7-day change'),
  id: z.string().describe("The asset page's id (lower-case symbol, made unique)"),
  url: z.string().describe('The asset page, /assets/{id}'),
});
export const assetsSchema = z.array(assetSchema);

const networkSchema = z.object({
  id: z.string(),
  name: z.string(),
  iconUrl: z.string(),
  rwaCount: z.number().int(),
  totalValue: numericString.describe('Dollars'),
  marketShare: z.number().describe('Percent of the total'),
  change30d: numericString.nullable(),
  origin: origin.describe('Of the value, count and share'),
  change30dOrigin: origin.describe('Of the 30-day change'),
});
export const networksSchema = z.array(networkSchema);

export const timeSeriesSchema = z.array(
  z.object({
    date: day,
    networks: z.record(z.string(), z.number()),
    origin,
    sources: z.array(z.string()).describe("Where the point's values come from (history API URLs, the run's reads); empty for the snapshot"),
  }),
);

export const transfersSchema = z.array(
  z.object({
    id: z.number().int(),
    assetSymbol: z.string(),
    usdAmount: z.number(),
    date: z.string().describe('ISO-8601 time'),
    network: z.string(),
    txHash: z.string().optional().describe('The transaction, for transfers read from a chain'),
    origin,
  }),
);

const issuerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  assetCount: z.number().int(),
  totalMarketCap: money.nullable().describe('Sum of the known market caps, dollars as a decimal string; null when none is known'),
  unknownCount: z.number().int().describe('Assets whose market cap is unknown, left out of the total'),
  origin: origin.describe("'live' when every figure in the total is a published run's, else 'snapshot'"),
});
export const issuersSchema = z.array(issuerSummarySchema);

/** A figure of an asset's page: its value with its as-of date, source and origin, or why it is unknown. */
export const figureSchema = z.object({
  value: z.number().nullable(),
  asOf: z.string().nullable(),
  source: z.string(),
  origin,
  unknown: z.string().optional().describe('Why the value is unknown'),
  stale: z
    .object({ since: z.string(), reason: z.string() })
    .optional()
    .describe('Set when the value is past its source’s staleness bound: shown “stale since” that date, with why'),
});
const navPoint = z.object({ date: day, nav: z.number() }).nullable();
const yieldFigure = figureSchema.extend({
  from: navPoint.describe('The earlier NAV compared'),
  to: navPoint.describe('The later NAV compared'),
});
const quality = z.object({ kind: z.enum(['snapshot', 'fresh', 'stale', 'held', 'unobserved']) }).loose();
/** An asset as the open-data lists name it: its page and what it is (open-data/catalog.ts assetRef). */
const assetRef = z.object({
  id: z.string(),
  url: z.string(),
  symbol: z.string(),
  name: z.string(),
  assetClass: z.string(),
});
const catalogAsset = assetRef
  .extend({
    origin: z.enum(['served', 'snapshot', 'registry']),
    marketCap: money.nullable(),
    change7d: z.number().nullable(),
    issuer: z.object({ id: z.string(), name: z.string(), url: z.string(), source: z.string() }).nullable(),
    chains: z.array(z.string()),
    chainsSource: z.string().nullable(),
  })
  .loose();

export const assetHistorySchema = z.array(
  z.object({ date: day, marketCap: money.nullable(), supply: z.number().nullable(), holders: z.number().nullable() }),
);
/** A figure whose value is money. */
const moneyFigure = figureSchema.extend({ value: money.nullable() });

/** One holding of who holds whom as the API answers it (holdings.ts): dollars as decimal strings. */
export const holdingAnswerSchema = holdingSchema.extend({ value: money.nullable(), holderValue: money.nullable() });

export const assetPageSchema = z
  .object({
    asOf: day,
    live: z.boolean(),
    publishedRun: z.number().optional(),
    asset: catalogAsset,
    price: moneyFigure.extend({ method: z.string() }),
    priceCurrency: z
      .string()
      .nullable()
      .describe(
        'The currency the NAV is struck in when it is not dollars (ISO 4217, e.g. EUR), converted at a dollar-rate feed; null for a dollar price',
      ),
    marketCap: moneyFigure,
    supply: figureSchema,
    holders: figureSchema.extend({
      indexing: z
        .object({ percent: z.number() })
        .optional()
        .describe("Set while the deployment's Transfer logs are still read: the share of its history read"),
    }),
    change7d: figureSchema,
    change30d: figureSchema,
    yield7d: yieldFigure.describe('7-day yield, percent a year, from the NAV history; null with why for a $1-NAV fund'),
    yield30d: yieldFigure.describe('30-day yield, percent a year, from the NAV history; null with why for a $1-NAV fund'),
    yieldMethod: z.string().describe('How the yields are computed'),
    chains: z.array(
      z
        .object({
          chain: z.string(),
          chainName: z.string(),
          networkId: z.string().nullable(),
          contract: z.string().nullable(),
          excluded: z.array(z.string()),
          supply: z.string().nullable(),
          value: money.nullable(),
          holders: z.number().nullable(),
          source: z.string(),
          blockNumber: z.number().nullable(),
          blockTime: z.string().nullable(),
          apiUrl: z.string().nullable(),
          members: z
            .array(z.object({ chain: z.string(), supply: z.string() }))
            .optional()
            .describe(
              "On the 'other-chains' line only: the chains it sums that neither the registry nor the league names, each with its supply",
            ),
        })
        .loose(),
    ),
    bridging: z.string(),
    crossCheck: z.object({ chain: money, aggregator: money, gapPercent: z.number().nullable(), aggregatorSource: z.string() }).nullable(),
    history: assetHistorySchema,
    historyNote: z.string().nullable(),
    transfers: z.array(
      z.object({ date: z.string(), usdAmount: z.number(), network: z.string(), txHash: z.string().nullable(), origin }).loose(),
    ),
    quality,
    snapshotNote: z.string().nullable(),
    heldBy: z
      .array(holdingAnswerSchema)
      .describe("Who holds this product on the served day: other tracked funds' and stablecoins' reserves, measured or estimated"),
    holds: z.array(holdingAnswerSchema).describe('What this product’s reserves hold of the other tracked products on the served day'),
  })
  .loose();

export const networkPageSchema = z
  .object({
    asOf: day,
    live: z.boolean(),
    network: networkSchema.extend({ url: z.string(), holders: z.number().nullable(), holdersUnknown: z.string().optional() }),
    history: z.array(z.object({ date: day, share: z.number().nullable(), origin }).catchall(z.number().nullable())),
    historyNote: z.string().nullable().describe('Why the history is empty, when it has no day at all'),
    latest: z.record(z.string(), z.object({ value: z.number().nullable(), date: z.string().nullable() })),
    assets: z.array(
      assetRef.extend({
        valueOnChain: money.nullable(),
        marketCap: money.nullable(),
        issuer: z.string().nullable().optional().describe("The issuer's name as the catalog knows it (the list's issuer filter)"),
      }),
    ),
    assetsSource: z.string(),
  })
  .loose();

export const issuerPageSchema = z.object({
  asOf: day,
  live: z.boolean(),
  origin,
  issuer: issuerSummarySchema,
  assets: z.array(
    assetRef.extend({
      marketCap: money.nullable(),
      source: z.string(),
      origin,
      chains: z.array(z.string()).optional().describe("The chains the catalog lists for the asset (the list's chain filter)"),
    }),
  ),
  history: z.array(z.object({ date: day, totalMarketCap: money })),
  historyNote: z.string().nullable(),
});

// --- The downloads of the open-data pages (one schema per table or series) ----------------------

export const assetChainRowsSchema = z.array(
  z.object({
    chain: z.string(),
    chainName: z.string(),
    contract: z.string().nullable(),
    excluded: z.string().describe('Excluded wallets, space-separated'),
    supply: z.string().nullable().describe('Whole tokens, decimal string'),
    value: money.nullable(),
    holders: z.number().nullable(),
    source: z.string(),
    date: day.nullable(),
    blockNumber: z.number().nullable(),
    blockTime: z.string().nullable(),
    apiUrl: z.string().nullable(),
    fetchedAt: z.string().nullable(),
    receipt: z.string().nullable().describe("The page showing how this figure was read (the asset's receipt)"),
  }),
);
export const assetTransferRowsSchema = z.array(
  z.object({ date: z.string(), usdAmount: z.number(), network: z.string(), txHash: z.string().nullable(), origin }),
);
export const assetYieldRowsSchema = z.array(
  z.object({
    window: z.enum(['7d', '30d']),
    yieldPct: z.number().nullable().describe('Percent a year; null when unknown'),
    fromDate: z.string().nullable(),
    fromNav: z.number().nullable(),
    toDate: z.string().nullable(),
    toNav: z.number().nullable(),
    method: z.string(),
    unknown: z.string().nullable().describe('Why the yield is unknown (a $1-NAV fund, no NAV history yet)'),
  }),
);
export const networkHistoryRowsSchema = z.array(
  z
    .object({ date: day, share: z.number().nullable(), origin })
    .catchall(z.number().nullable())
    .describe('One column per metric of /api/networks/time-series'),
);
export const networkAssetRowsSchema = z.array(
  z.object({
    id: z.string(),
    symbol: z.string(),
    name: z.string(),
    assetClass: z.string(),
    valueOnChain: money.nullable(),
    marketCap: money.nullable(),
    url: z.string(),
  }),
);
export const issuerHistoryRowsSchema = z.array(z.object({ date: day, totalMarketCap: money }));
export const issuerAssetRowsSchema = issuerPageSchema.shape.assets;

// --- The asset-class pages' answers (/api/stablecoins, /api/stablecoin-overview, /api/treasuries, /api/private-credit)

const metricCard = z
  .object({
    title: z.string(),
    value: z.string().describe("As the page shows it, e.g. '$278.14B'"),
    change: z.string().describe("With its sign, e.g. '+6.56%'; empty when there is none"),
    changeType: z.enum(['positive', 'negative', 'neutral']),
    icon: z.string(),
    period: z.string().optional().describe("The change's period when it is not 30 days, e.g. '7d'"),
    amount: z.string().describe('The figure as a decimal string (dollars, a count or a percent); empty when unknown'),
  })
  .loose()
  .describe("One of the page's headline cards");

export const stablecoinsSchema = z
  .object({
    asOf: day,
    total: z.number().int(),
    stablecoins: z.array(
      z
        .object({
          name: z.string(),
          ticker: z.string(),
          platform: z.string(),
          networks: z.array(z.string()),
          marketCap: money,
          price: numericString.describe('Dollars per token'),
          peggedCurrency: z.string(),
        })
        .loose(),
    ),
    origin,
  })
  .loose();

export const stablecoinOverviewSchema = z
  .object({
    asOf: day,
    marketCap: money.nullable(),
    marketCapChange30d: z.string(),
    monthlyTransferVolume: money.nullable(),
    monthlyTransferVolumeChange30d: z.string(),
    monthlyActiveAddresses: z.number().nullable(),
    monthlyActiveAddressesChange30d: z.string(),
    holders: z.number().nullable(),
    holdersChange30d: z.string(),
    totalStablecoins: z.number().int(),
    cards: z.array(metricCard),
    origin,
  })
  .loose();

export const treasuriesSchema = z
  .object({
    asOf: day,
    cards: z.array(metricCard),
    topEntities: z.array(
      z
        .object({
          rank: z.number().int(),
          protocol: z.string(),
          rwaCount: z.number().int(),
          marketCap: money,
          change30d: z.number().nullable().describe('Percent; null when there is no figure 30 days earlier'),
          marketShare: z.number().describe('Percent of the total'),
        })
        .loose(),
    ),
    total: z.number().int(),
    products: z.array(
      z
        .object({
          name: z.string(),
          issuer: z.string(),
          ticker: z.string(),
          platform: z.string(),
          networks: z.array(z.string()),
          marketCap: money,
          yieldToMaturity: z.number().nullable().describe('Percent'),
          eligibleInvestors: z.string(),
        })
        .loose(),
    ),
    origin,
  })
  .loose();

export const privateCreditSchema = z
  .object({
    asOf: day,
    cards: z.array(metricCard),
    platformsTotal: z.number().int(),
    platforms: z.array(
      z
        .object({
          protocol: z.string(),
          networks: z.array(z.string()),
          totalLoans: money.nullable().describe('Null when unavailable (a run reads the tokens, not the loans originated)'),
          activeLoans: money,
          avgBaseApy: z.number().nullable().describe('Percent; null when unavailable'),
          defaultedAmount: money.nullable(),
        })
        .loose(),
    ),
    poolsTotal: z.number().int(),
    pools: z.array(
      z
        .object({
          platform: z.string(),
          network: z.string(),
          name: z.string(),
          currency: z.string(),
          status: z.string(),
          apy: z.number().nullable().describe('Percent; null when unavailable'),
          principalOutstanding: money,
          defaultedAmount: money.nullable(),
          product: z.string().optional().describe('The tracked product the pool is (its symbol), when it is one'),
        })
        .loose(),
    ),
    origin: origin.describe("'live' after a run (the tracked private-credit products), else 'snapshot' (the snapshot's loan book)"),
  })
  .loose();

/** GET /api/search (the header's suggestions). */
export const searchSchema = z.object({
  query: z.string().describe('The query as searched: trimmed, inner spaces collapsed'),
  results: z
    .array(
      z.object({
        kind: z.enum(['asset', 'issuer', 'network', 'post', 'article']),
        title: z.string(),
        detail: z.string().describe('One short line: class and issuer, asset count, or the kind of article'),
        url: z.string().describe("The page's path on this site"),
        marketCap: money
          .nullable()
          .optional()
          .describe("An asset's market cap as the site serves it (null: not read yet); absent for other kinds"),
      }),
    )
    .describe('Best first, at most 8'),
});
