/**
 * JSON-RPC access for the ingest: one viem client per chain (sources/evm/connect.ts), every call
 * counted (for the benchmark's calls-per-day figure) and retried here rather than inside viem, so
 * that the two kinds of refusal are told apart: a rate limit or a server error waits and tries again
 * with a growing delay; "too many results" is not retried at all (the caller shrinks its block range).
 * viem itself is a type here: the DefiLlama sources retry through this module without loading it.
 */
import type { PublicClient } from 'viem';
import { config } from '#lib/server/config.ts';
import { msLeft } from './budget.ts';
import { rangeAdvice, type RangeAdvice } from './ranges.ts';
import type { RegistryChain } from '#lib/server/catalogue/registry.ts';
import pRetry from 'p-retry';

export class ChainError extends Error {
  readonly chain: string;
  constructor(chain: string, message: string) {
    super(message);
    this.chain = chain;
  }
}

export interface ChainClient {
  key: string;
  chain: RegistryChain;
  client: PublicClient;
  /** JSON-RPC requests sent (a multicall is one). */
  calls: () => number;
}

/** Text of an error and its causes, for classification. */
function errorText(e: unknown): string {
  const parts: string[] = [];
  let cur: unknown = e;
  for (let i = 0; cur && i < 8; i++) {
    const o = cur as { message?: string; details?: string; shortMessage?: string; status?: number; code?: unknown; cause?: unknown };
    parts.push(
      String(o.message ?? '').replace(/Status: (\d{3})/, 'status $1'),
      String(o.details ?? ''),
      String(o.shortMessage ?? ''),
      o.status ? `status ${o.status}` : '',
      // Node's network errors carry their kind as a code (an AggregateError of refused addresses has an empty message).
      typeof o.code === 'string' ? o.code : '',
    );
    cur = o.cause;
  }
  return parts.join(' | ');
}

/** The provider refused because the range or the answer is too large: how to narrow it (ranges.ts), else null. */
export function rangeRefusal(e: unknown): RangeAdvice | null {
  return rangeAdvice(errorText(e));
}

/** The provider refused because the answer would be too large: ask for a smaller block range. */
export function isTooManyResults(e: unknown): boolean {
  return rangeRefusal(e) !== null;
}

/**
 * The node has pruned the state of an old block: reading a past day's close needs an archive
 * node. Geth says "missing trie node", Erigon and Nethermind other words; Anvil, which keeps the
 * states of its latest blocks only, answers a past one with "block height is H but requested was B".
 */
export function isMissingState(e: unknown): boolean {
  const text = errorText(e);
  const anvil = /block height is (\d+) but requested was (\d+)/.exec(text);
  if (anvil) return Number(anvil[2]) < Number(anvil[1]);
  return /missing trie node|historical state .*(not available|unavailable)|state (is )?not available|required historical state|state histories haven't been fully indexed|pruned/i.test(
    text,
  );
}

/**
 * The host is not there: its name does not resolve (ENOTFOUND; EAI_AGAIN, no resolver answers) or
 * nothing listens (ECONNREFUSED). Asking again a second later gets the same answer, so it is not
 * retried: an offline machine ends each source at once instead of waiting through every backoff
 *. A fallback transport still moves on to the chain's next endpoint.
 */
export function isUnreachable(e: unknown): boolean {
  return unreachableCode(e) !== undefined;
}

/** ENOTFOUND, EAI_AGAIN or ECONNREFUSED when the error is one of those, for a message that keeps it. */
export function unreachableCode(e: unknown): string | undefined {
  return /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED)\b/.exec(errorText(e))?.[1];
}

/** Worth waiting and retrying: rate limits, server errors, dropped connections, timeouts. */
export function isTransient(e: unknown): boolean {
  const text = errorText(e);
  return /status (429|5\d\d)\b|rate.?limit|too many requests|timed? ?out|ECONNRESET|ECONNREFUSED|socket hang up|fetch failed|other side closed/i.test(
    text,
  );
}

/** One line for a log: "status 429" when the answer had one, else the error's first line. */
function shortReason(e: unknown): string {
  const status = /status (\d{3})\b/i.exec(errorText(e))?.[1] ?? /Status: (\d{3})/.exec(String((e as Error).message))?.[1];
  if (status) return `status ${status}`;
  return String((e as Error).message ?? e)
    .split('\n')[0]
    .slice(0, 160);
}

/**
 * Retries transient failures with exponential backoff (base INGEST_BACKOFF_MS, 6 attempts). The
 * backoff is p-retry's, the one the content outbox uses; what the ingest adds is which errors are
 * worth another try (a refused range is not: the caller narrows it instead).
 */
export function withRetry<T>(
  what: string,
  fn: () => Promise<T>,
  onRetry?: (msg: string) => void,
  baseMs = config().ingest.backoffMs,
): Promise<T> {
  const retryable = (e: unknown) => !isTooManyResults(e) && !isUnreachable(e) && isTransient(e);
  return pRetry(fn, {
    retries: 5,
    // Retries and their backoff stay within the run's time budget (budget.ts).
    maxRetryTime: msLeft(),
    factor: 2,
    minTimeout: baseMs,
    maxTimeout: Infinity,
    randomize: false,
    shouldRetry: ({ error }) => retryable(error),
    onFailedAttempt: ({ error, attemptNumber, retriesLeft }) => {
      if (retriesLeft > 0 && retryable(error))
        onRetry?.(`${what}: ${shortReason(error)}; retry ${attemptNumber} in ${baseMs * 2 ** (attemptNumber - 1)} ms`);
    },
  });
}
