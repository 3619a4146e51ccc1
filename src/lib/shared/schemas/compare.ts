/**
 * /api/compare's answers: the table of /compare (one flat row per product) or, with view=history,
 * each product's market cap per day on one date row. The same rows as its CSV.
 */
import { z } from 'zod';
import { ORIGINS } from '#lib/shared/origin.ts';

const decimal = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .describe('Dollars, as a decimal string');

const compareTableSchema = z.array(
  z.object({
    id: z.string(),
    symbol: z.string(),
    name: z.string(),
    assetClass: z.string(),
    asOf: z.string().describe('The as-of date of its figures, YYYY-MM-DD'),
    origin: z.enum(ORIGINS),
    marketCap: decimal.nullable(),
    price: decimal.nullable().describe('Price or NAV in dollars'),
    priceCurrency: z
      .string()
      .nullable()
      .describe('The currency the NAV is struck in when not dollars (e.g. EUR): the price is converted at a dollar-rate feed'),
    priceMethod: z.string(),
    yield7d: z.number().nullable().describe('Percent a year'),
    yield30d: z.number().nullable().describe('Percent a year'),
    holders: z.number().nullable(),
    top10Share: z.number().nullable().describe('Share of the ten largest holders, 0 to 1, across its EVM chains'),
    hhi: z.number().nullable(),
    gini: z.number().nullable(),
    concentrationDate: z.string().nullable(),
    supplyPerChain: z.string().nullable().describe("'Chain: supply' pairs, separated by '; '"),
    unknown: z.string().nullable().describe("Why each unknown figure is unknown: 'field: reason' pairs, separated by '; '"),
    url: z.string().describe("The product's page"),
  }),
);

const compareHistorySchema = z.array(
  z
    .object({ date: z.string() })
    .catchall(z.union([z.string(), z.number(), z.null()]))
    .describe(
      'A date, then one column per product id: its market cap that day (a decimal string), or with scale=indexed its index of 100 on the first common date; null when not known',
    ),
);

export const compareSchema = z.union([compareTableSchema, compareHistorySchema]);
