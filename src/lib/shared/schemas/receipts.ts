/**
 * The answers of /api/assets/{id}/receipt and /api/corrections (what a figure was read from, and what changed since), as zod
 * schemas: the OpenAPI document is generated from them and the contract test checks real answers.
 */
import { z } from 'zod';
import { money } from './responses.ts';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('A date, YYYY-MM-DD');
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);

const call = z.object({
  to: z.string().describe('The contract called'),
  method: z.string().describe('The method and its argument types, e.g. balanceOf(address)'),
  args: z.array(z.string()),
  data: hex.describe('The eth_call data sent'),
  raw: hex.describe('The raw answer, hex, as the node returned it'),
  decoded: z.string().describe('The answer decoded (integers in decimal)'),
});

const evm = z
  .object({
    kind: z.literal('evm'),
    chainId: z.number().int(),
    block: z.object({ number: z.number().int(), time: z.string(), hash: z.string() }),
    blockUrl: z.string().optional(),
    blockNote: z
      .string()
      .optional()
      .describe(
        'Set when the block is not the day’s close: the block read, the close it stands in for, and why (the node kept no older state)',
      ),
    contract: z.string(),
    decimals: z.number().int(),
    calls: z.array(call).describe('decimals(), totalSupply() and each excluded balanceOf(), with their raw answers'),
    excluded: z.array(z.object({ wallet: z.string(), balance: z.string().describe('Whole tokens') })),
    totalSupply: z.string().describe('Whole tokens'),
    supply: z.string().describe('totalSupply minus the excluded balances, whole tokens'),
    price: z.object({
      value: money.nullable(),
      source: z.string().describe('How the price is read'),
      calls: z.array(call).describe('The price contract calls, when read in the same request'),
    }),
    value: money.nullable(),
    rpc: z.string().describe('The endpoint the command names: a public RPC, or "$VARIABLE" for your own'),
    command: z.string().describe('curl with the JSON-RPC batch of eth_call at the block: each result is the raw answer above'),
    sum: z.string().describe('The sum that made the figure'),
  })
  .nullable();

export const assetReceiptSchema = z.object({
  asset: z.object({ id: z.string(), symbol: z.string(), name: z.string(), url: z.string() }),
  asOf: day,
  live: z.boolean(),
  publishedRun: z.number().int().nullable(),
  marketCap: z.object({ date: day, value: money.nullable(), sum: z.string() }).nullable(),
  figures: z.array(
    z.object({
      anchor: z.string(),
      chain: z.string(),
      chainName: z.string(),
      date: day,
      source: z.string(),
      runId: z.number().int(),
      supply: z.string(),
      price: money.nullable(),
      value: money.nullable(),
      evm,
      api: z
        .object({
          url: z.string().describe('The request as the reader names it: the endpoint (scheme and host), then the call'),
          fetchedAt: z.string(),
          ledger: z
            .object({ label: z.string().describe('slot, ledger or ledger version'), number: z.number().int(), time: z.string().nullable() })
            .nullable()
            .describe('The ledger the node answered at, when the source names one'),
          command: z.string().describe('curl that asks again: a public endpoint, or "$VARIABLE" for your own'),
          answers: z.string().describe("What the command answers with: the figure at the same ledger, or today's"),
          sum: z.string().describe('The decoded figure and the sum that made the value'),
          notKept: z.string().describe('What is not kept (the raw answer), in words'),
        })
        .nullable()
        .describe('A read through a public API (DefiLlama) or a non-EVM node: no raw answer is kept'),
      unknown: z.string().optional(),
    }),
  ),
  note: z.string().nullable(),
});

export const correctionsSchema = z.array(
  z.object({
    id: z.number().int(),
    recordedAt: z.string(),
    date: day.describe('The day whose figure changed (for a method change, the day it took effect)'),
    asset: z.object({ id: z.string(), symbol: z.string(), url: z.string() }).nullable(),
    chain: z.string().nullable(),
    source: z.string().nullable(),
    figure: z.enum(['value', 'supply', 'price', 'holders', 'method']),
    before: z.string().nullable(),
    after: z.string().nullable(),
    reason: z.string(),
    methodVersion: z.number().int(),
    runId: z.number().int(),
    previousRunId: z.number().int().nullable(),
  }),
);
