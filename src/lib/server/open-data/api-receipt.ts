/**
 * The receipt of a figure not read by eth_call: from DefiLlama's public API, or from a
 * non-EVM chain's node (Solana, XRP Ledger, Stellar, Aptos). These readers keep no raw answer (only
 * an EVM read keeps each call's raw answer, ingest/receipts.ts), so the receipt gives what is known
 * (the source, the ledger when the source names one, the public call that asks again as a `curl`,
 * the decoded figures and the sum) and says plainly what is not kept. Pure: unit-tested with the
 * readers' own request shapes (tests/unit/api-receipt.test.ts).
 */
import type { z } from 'zod';
import type { assetReceiptSchema } from '#lib/shared/schemas/receipts.ts';
import { apiCommand, exactAmount } from '#lib/shared/receipts.ts';
// Dollars by the spec's currency rule, as every page writes them; token amounts stay exact.
import { formatCurrency as dollars } from '#lib/shared/format.ts';
import { familyById } from '#lib/server/catalogue/families.ts';
import { aggregatorById } from '#lib/server/catalogue/aggregators.ts';
import type { ApiRead, AskAgain, ReadContext } from '#lib/server/catalogue/family.ts';

/** A read through a public API or a non-EVM node, as the receipt's answer gives it (assetReceiptSchema's `api`). */
export type ApiReceipt = NonNullable<z.output<typeof assetReceiptSchema>['figures'][number]['api']>;

/**
 * The public call that asks again and what it answers with, or null for a source this page cannot
 * repeat: an aggregator's URL as read, or the call its chain family declares (catalogue/families/).
 */
function callOf(o: ApiRead, c: ReadContext): AskAgain | null {
  const aggregator = aggregatorById(o.source)?.receipt;
  if (aggregator && o.apiUrl) {
    // A configured URL with a path (a key) is shown as "https://host/…/path": the command names its variable instead.
    const hidden = /^[a-z]+:\/\/[^/]+\/…(\/.*)$/.exec(o.apiUrl);
    const url = hidden ? `$${aggregator.variable}${hidden[1]}` : o.apiUrl;
    return {
      command: apiCommand(url),
      answers: "today's answer: DefiLlama revises its series, so it may differ from the figure read",
      ledger: null,
    };
  }
  return (c.family && familyById(c.family)?.receipt?.askAgain(o, c)) || null;
}

/** Who answered the read, in the receipt's words. */
const answeredBy = (o: ApiRead, c: ReadContext) =>
  aggregatorById(o.source)?.receipt?.by ?? (c.family ? familyById(c.family)?.receipt?.by : undefined) ?? o.source;

/** The sum that made the figure: supply × price = value, or DefiLlama's dollar value as reported. */
function sumOf(o: ApiRead, c: ReadContext): string {
  if (!o.supply) return o.value === null ? 'no value' : `${dollars(o.value)} as the source reports it (no supply or price: a dollar value)`;
  const excluded = c.excluded.length
    ? ` (after the balances of ${c.excluded.length} excluded wallet${c.excluded.length > 1 ? 's' : ''}: ${c.excluded.join(', ')})`
    : '';
  const priced = o.price === null || o.value === null ? '; no price, no value' : ` × ${dollars(o.price)} = ${dollars(o.value)}`;
  return `supply ${exactAmount(o.supply)}${excluded}${priced}`;
}

/** The receipt of a read made through a public API or a non-EVM node, or null when there is no call to show. */
export function apiReceipt(o: ApiRead, c: ReadContext): ApiReceipt | null {
  if (!o.apiUrl) return null;
  const call = callOf(o, c);
  if (!call) return null;
  const who = answeredBy(o, c);
  return {
    url: o.apiUrl,
    fetchedAt: o.fetchedAt,
    ledger: call.ledger && o.blockNumber !== null ? { label: call.ledger, number: o.blockNumber, time: o.blockTime } : null,
    command: call.command,
    answers: call.answers,
    sum: sumOf(o, c),
    notKept: `The raw answer of ${who} is not kept: only the decoded figures above are${c.excluded.length ? ', without the excluded balances' : ''} (an EVM read keeps each call's raw answer).`,
  };
}
