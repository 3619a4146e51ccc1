/**
 * A figure's receipt: what a published figure was made from, kept by the ingest when
 * it read (ingest/receipts.ts) and shown on /assets/{id}/receipt and /api/assets/{id}/receipt. One
 * read is one eth_call anyone can repeat: `reproduceCommand` writes the `curl` for it.
 */

/** One contract call of the read, at the receipt's block. */
export interface ReceiptCall {
  /** The contract called. */
  to: string;
  /** The method with its argument types, e.g. `balanceOf(address)`. */
  method: string;
  args: string[];
  /** The eth_call data sent (selector and encoded arguments). */
  data: string;
  /** What the contract answered, hex, as the node returned it. */
  raw: string;
  /** The answer decoded (integers as decimal strings). */
  decoded: string;
}

/** What an EVM read kept: the block, the calls and their raw answers, the sum that made the figure. */
export interface EvmReceipt {
  kind: 'evm';
  chainId: number;
  block: { number: number; time: string; hash: string };
  /** Set when the block read is not the day's close: which close it stands in for, and why (a node that kept no older state). */
  blockNote?: string;
  contract: string;
  decimals: number;
  calls: ReceiptCall[];
  /** The wallets excluded from supply, each with its balance in whole tokens. */
  excluded: Array<{ wallet: string; balance: string }>;
  /**
   * Reserve wallets of other tracked products that hold this one, each with its balance in whole
   * tokens: counted in this supply, and netted once by the totals that add both (absent on older receipts).
   */
  reserves?: Array<{ wallet: string; balance: string }>;
  /** totalSupply() in whole tokens. */
  totalSupply: string;
  /** totalSupply() minus the excluded balances, in whole tokens: the figure's supply. */
  supply: string;
  /** The price in dollars and how it was read (the method; its contract calls when read in the same request). */
  price: { value: number | null; source: string; calls: ReceiptCall[] };
  /** supply x price, in dollars; null without a price. */
  value: number | null;
}

/** The JSON-RPC body that repeats the calls: one eth_call each at the block, as a batch. */
function rpcBody(calls: Pick<ReceiptCall, 'to' | 'data'>[], block: number): string {
  const tag = `0x${block.toString(16)}`;
  return JSON.stringify(
    calls.map((c, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'eth_call', params: [{ to: c.to, data: c.data }, tag] })),
  );
}

/** Quoted for a POSIX shell: single quotes, any single quote closed and escaped. */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A URL for the shell, every character quoted: a leading "$VARIABLE" (the operator's endpoint) is
 * expanded in double quotes that hold nothing else, and the rest sits in single quotes, where no
 * character (`$`, a backtick, `\`, `!`) means anything to the shell.
 */
function urlArg(url: string): string {
  const m = /^\$([A-Za-z_][A-Za-z0-9_]*)([\s\S]*)$/.exec(url);
  if (!m) return shellQuote(url);
  return `"$${m[1]}"${m[2] ? shellQuote(m[2]) : ''}`;
}

/**
 * The command that repeats the read: `curl` with the eth_call batch, against `rpc` (a public
 * endpoint, or "$VARIABLE" naming the operator's). Each answer's `result` is the call's raw answer.
 */
export function reproduceCommand(calls: Pick<ReceiptCall, 'to' | 'data'>[], block: number, rpc: string): string {
  return `curl -s -X POST -H 'Content-Type: application/json' --data ${shellQuote(rpcBody(calls, block))} ${urlArg(rpc)}`;
}

/** The command that repeats a public API read: a plain GET of the URL the figure was read from. */
export function apiCommand(url: string): string {
  return `curl -s ${urlArg(url)}`;
}

/** The command that repeats a JSON POST (a non-EVM node's JSON-RPC or view call): `curl` with the body. */
export function postCommand(url: string, body: unknown): string {
  return `curl -s -X POST -H 'Content-Type: application/json' --data ${shellQuote(JSON.stringify(body))} ${urlArg(url)}`;
}

/**
 * An exact amount of tokens, grouped: '1200000.5' -> '1,200,000.5'. Receipts and corrections show token
 * amounts as read (a uint256 does not fit a float, and they are no money figure); their dollars follow
 * the spec's currency rule (formatCurrency), but for a correction's before and after (exactDollars).
 */
export function exactAmount(s: string): string {
  const [int, frac] = s.split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

/**
 * Dollars exactly, to the cent: 300000.5 -> '$300,000.50'. Only where the difference is the point: a
 * correction's before and after, which the compact rule could write alike ('$350.00K' twice).
 */
export const exactDollars = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
