/**
 * The receipt of a figure not read by eth_call: from DefiLlama's public API, or from a
 * non-EVM chain's node (Solana, XRP Ledger, Stellar, Aptos). These readers keep no raw answer (only
 * an EVM read keeps each call's raw answer, ingest/receipts.ts), so the receipt gives what is known
 * (the source, the ledger when the source names one, the public call that asks again as a `curl`,
 * the decoded figures and the sum) and says plainly what is not kept. Pure: unit-tested with the
 * readers' own request shapes (tests/unit/api-receipt.test.ts).
 */
import { parseAptos, parseStellar, parseXrpl, type ChainFamily } from '#lib/server/ingest/families.ts';
import { apiCommand, exactAmount, exactDollars, postCommand } from '#lib/shared/receipts.ts';

/** The fields of a published observation this receipt reads. */
export interface ApiRead {
  source: string;
  contract: string | null;
  supply: string;
  price: number | null;
  value: number | null;
  blockNumber: number | null;
  blockTime: string | null;
  apiUrl: string | null;
  fetchedAt: string;
}

export interface ApiReceipt {
  /** The request as the reader names it (the endpoint's scheme and host, then the call). */
  url: string;
  fetchedAt: string;
  /** The ledger, slot or version the node answered at, when the source names one. */
  ledger: { label: string; number: number; time: string | null } | null;
  /** `curl` that asks again: a public endpoint, or "$VARIABLE" naming the operator's. */
  command: string;
  /** What that command answers with: the figure at the same ledger, or today's. */
  answers: string;
  /** The decoded figure and the sum that made the value. */
  sum: string;
  /** What the receipt cannot show, in words. */
  notKept: string;
}

/** Where a read was made: the chain's family, the endpoint a command names, the wallets excluded from supply. */
export interface ReadContext {
  family: ChainFamily | null;
  endpoint: string;
  excluded: string[];
}

/** The variable that configures each DefiLlama source's endpoint (its label hides a path with "/…"). */
const LLAMA_VARIABLE: Record<string, string> = {
  defillama: 'DEFILLAMA_STABLECOINS_URL',
  'defillama-protocol': 'DEFILLAMA_TVL_URL',
};

const LABEL: Record<string, string> = {
  defillama: "DefiLlama's stablecoins API",
  'defillama-protocol': "DefiLlama's protocol API",
  solana: 'a Solana node',
  xrpl: 'an XRP Ledger server',
  stellar: 'a Stellar Horizon server',
  aptos: 'an Aptos node',
};

/** The public call that asks again and what it answers with, or null for a source this page cannot repeat. */
function callOf(o: ApiRead, c: ReadContext): { command: string; answers: string; ledger: string | null } | null {
  const at = o.blockNumber;
  if (o.source in LLAMA_VARIABLE && o.apiUrl) {
    // A configured URL with a path (a key) is shown as "https://host/…/path": the command names its variable instead.
    const hidden = /^[a-z]+:\/\/[^/]+\/…(\/.*)$/.exec(o.apiUrl);
    const url = hidden ? `$${LLAMA_VARIABLE[o.source]}${hidden[1]}` : o.apiUrl;
    return {
      command: apiCommand(url),
      answers: "today's answer: DefiLlama revises its series, so it may differ from the figure read",
      ledger: null,
    };
  }
  const address = o.contract ?? '';
  if (c.family === 'solana')
    return {
      command: postCommand(c.endpoint, { jsonrpc: '2.0', id: 1, method: 'getTokenSupply', params: [address] }),
      answers: "today's supply: a Solana node answers getTokenSupply at its latest slot only",
      ledger: 'slot',
    };
  if (c.family === 'xrpl') {
    const token = parseXrpl(address);
    if (!token) return null;
    const params = {
      account: token.issuer,
      ledger_index: at ?? 'validated',
      strict: true,
      ...(c.excluded.length && { hotwallet: c.excluded }),
    };
    return {
      command: postCommand(c.endpoint, { method: 'gateway_balances', params: [params] }),
      answers: `the issuer's obligations at ledger ${at ?? 'validated'} (a full-history server answers for a past ledger), the excluded wallets as hot wallets`,
      ledger: 'ledger',
    };
  }
  if (c.family === 'stellar') {
    const token = parseStellar(address);
    if (!token || token.kind !== 'asset') return null;
    const q = `/assets?asset_code=${encodeURIComponent(token.code)}&asset_issuer=${encodeURIComponent(token.issuer)}`;
    return {
      command: apiCommand(c.endpoint + q),
      answers: "today's amounts: Horizon answers for its latest ledger only",
      ledger: 'ledger',
    };
  }
  if (c.family === 'aptos') {
    const token = parseAptos(address);
    if (!token) return null;
    const [mod, typeArgs, args] =
      token.kind === 'coin'
        ? ['0x1::coin', [token.coinType], []]
        : ['0x1::fungible_asset', ['0x1::fungible_asset::Metadata'], [token.metadata]];
    return {
      command: postCommand(`${c.endpoint}/view${at === null ? '' : `?ledger_version=${at}`}`, {
        function: `${mod}::supply`,
        type_arguments: typeArgs,
        arguments: args,
      }),
      answers: `the supply at ledger version ${at ?? 'latest'} in base units (a node that still keeps that version answers)`,
      ledger: 'ledger version',
    };
  }
  return null;
}

/** The sum that made the figure: supply × price = value, or DefiLlama's dollar value as reported. */
function sumOf(o: ApiRead, c: ReadContext): string {
  if (!o.supply)
    return o.value === null ? 'no value' : `${exactDollars(o.value)} as the source reports it (no supply or price: a dollar value)`;
  const excluded = c.excluded.length
    ? ` (after the balances of ${c.excluded.length} excluded wallet${c.excluded.length > 1 ? 's' : ''}: ${c.excluded.join(', ')})`
    : '';
  const priced = o.price === null || o.value === null ? '; no price, no value' : ` × ${exactDollars(o.price)} = ${exactDollars(o.value)}`;
  return `supply ${exactAmount(o.supply)}${excluded}${priced}`;
}

/** The receipt of a read made through a public API or a non-EVM node, or null when there is no call to show. */
export function apiReceipt(o: ApiRead, c: ReadContext): ApiReceipt | null {
  if (!o.apiUrl) return null;
  const call = callOf(o, c);
  if (!call) return null;
  const who = LABEL[o.source] ?? o.source;
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
