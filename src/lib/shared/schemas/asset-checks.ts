/**
 * The answers of an asset's holder concentration and reconciliation,
 * as zod schemas: the OpenAPI document is generated from them and the contract test validates
 * the real answers against it.
 */
import { z } from 'zod';
import { money } from './responses.ts';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('A date, YYYY-MM-DD');

const concentrationPoint = z.object({
  date: day,
  chain: z.string().describe("A chain's id, or 'all' for the asset across its chains (an address on two chains is one holder)"),
  blockNumber: z.number().int().nullable().describe("The block the chain's balances were read at; null for 'all'"),
  holders: z.number().int().describe('Addresses above the dust threshold, excluded wallets left out'),
  top10Share: z.number().nullable().describe('Share (0-1) of all holders’ balances held by the 10 largest; null without a holder'),
  hhi: z.number().nullable().describe('Herfindahl-Hirschman index, 0-10,000 (10,000: one holder); null without a holder'),
  gini: z.number().nullable().describe('Gini coefficient, 0 (all equal) towards 1 (one holder holds all); null without a holder'),
});

export const concentrationSchema = z.object({
  id: z.string(),
  asOf: day,
  method: z.string().describe('How the figures are made: which balances count and the three formulas'),
  unknown: z.string().nullable().describe('Why no figure is known, when history is empty'),
  latest: z.array(concentrationPoint).describe("The newest day of each scope, 'all' first"),
  history: z.array(concentrationPoint).describe('Every day served, oldest first, each scope'),
});

const reconciliationRow = z.object({
  kind: z.enum(['chain', 'issuer', 'defillama', 'classReference']),
  label: z.string(),
  value: money.nullable().describe('The figure in dollars; null when this source gives none (note says why)'),
  date: day.nullable(),
  url: z.string().nullable().describe('Where the figure was published or asked'),
  gapPct: z.number().nullable().describe("(value − chain's) / chain's, in percent; null without both, and for the class total"),
  flagged: z.boolean().describe('The gap is over thresholdPct either way'),
  note: z.string().describe("Why it differs from the chain's figure, or why it is unknown"),
});

export const reconciliationSchema = z.object({
  id: z.string(),
  asOf: day,
  thresholdPct: z.number(),
  method: z.string(),
  unknown: z.string().nullable().describe('Why nothing is compared, when no source gives a figure of the asset'),
  rows: z.array(reconciliationRow).describe("The chain's own first, then the issuer's, DefiLlama's and the class reference"),
});
