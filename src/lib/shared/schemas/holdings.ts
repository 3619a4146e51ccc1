/**
 * Who holds whom: one holding of a tracked product by another tracked fund's or stablecoin's
 * reserves, as the publish step decided it for a day. Measured where the registry names the reserve
 * wallet (its balance read at the close, with the block and the run whose receipt keeps the
 * balanceOf() call), an estimate where the holder's documents give only a share of its value, unknown
 * (with why) where a named wallet was not read that day. One definition: the read model stores it,
 * the pages show it, and the API serves it (money as a decimal string there: responses.ts holdingAnswerSchema).
 */
import { z } from 'zod';

export const holdingSchema = z.object({
  date: z.string().describe('The day the holding stands for (YYYY-MM-DD)'),
  holder: z.string().describe('The tracked fund or stablecoin whose reserves hold it (its registry symbol)'),
  holderKind: z.enum(['fund', 'stablecoin']),
  /** The reserve wallet read, or null for a stated share. */
  wallet: z.string().nullable().describe('The reserve wallet whose balance was read; null for a stated share'),
  walletName: z.string().nullable().describe("The wallet's name where the registry gives one (a stablecoin's allocator)"),
  asset: z.string().describe('The tracked product held (its registry symbol)'),
  chain: z.string().nullable().describe('The chain the wallet holds it on; null for a stated share'),
  basis: z
    .enum(['measured', 'estimate', 'unknown'])
    .describe(
      "measured: the wallet's balanceOf() at the day's closing block; estimate: the holder's value times the share its documents state (no wallet published); unknown: a named wallet not read that day (note says why)",
    ),
  balance: z.string().nullable().describe('Whole tokens held, as a decimal string; null unless measured'),
  value: z.number().nullable().describe('Dollars: the balance at the day’s price, or the holder’s value times the share'),
  share: z.number().nullable().describe("The stated share of the holder's value (estimate), or null"),
  holderValue: z.number().nullable().describe("The holder's own value that day (all its chains), in dollars, or null"),
  blockNumber: z.number().nullable().describe('The block the balance was read at (measured only)'),
  receiptRunId: z.number().nullable().describe('The run whose receipt of the held product keeps the balanceOf() call and its raw answer'),
  source: z.string().describe('Where the registry found the wallet or the share'),
  note: z.string().nullable().describe('Why the figure is unknown, or what an estimate rests on'),
});

export type Holding = z.infer<typeof holdingSchema>;
