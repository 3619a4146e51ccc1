/**
 * HTTP for the readers of public chain APIs (Solana JSON-RPC, Stellar Horizon, Aptos REST, XRPL
 * JSON-RPC) and DefiLlama's protocol API: a bounded body (streamed and cut at a limit, so a
 * hostile or broken endpoint cannot fill memory), a timeout, the shared retry policy for rate
 * limits and server errors, and errors that name what was asked without echoing a provider URL
 * (those carry API keys).
 */
import { withRetry } from '#lib/server/ingest/rpc.ts';
import { readStreamCapped, refuseDeclared } from '#lib/server/http/capped-stream.ts';
import { readDropping } from './json-drop.ts';
import { jsonBudgetProblem, parseOutsideJson } from '#lib/server/ingest/outside-json.ts';
import { withinTimeout } from '#lib/server/ingest/budget.ts';

/** The largest answer read (bytes). A DefiLlama protocol with years of daily history is a few MB. */
const MAX_BODY_BYTES = 20 * 1024 * 1024;

class ApiError extends Error {
  readonly status?: number;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/** Reads the body as text, refusing (and cancelling the stream) once it passes `max` bytes. */
export async function readCapped(res: Response, max = MAX_BODY_BYTES): Promise<string> {
  await refuseDeclared(res, max, (declared) => new ApiError(`answer of ${declared} bytes is larger than the ${max}-byte limit: refused`));
  const bytes = await readStreamCapped(res.body, max, () => new ApiError(`answer larger than the ${max}-byte limit: refused`));
  return Buffer.from(bytes).toString('utf8');
}

/** Shown URLs: scheme and host only (src/lib/server/http/public-url.ts, the one rule). */
import { publicUrl } from '#lib/server/http/public-url.ts';
export { endpointLabel, publicUrl } from '#lib/server/http/public-url.ts';

export interface HttpOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  timeoutMs: number;
  backoffMs: number;
  maxBytes?: number;
  /** Retry notices (rate limits, server errors). */
  onRetry?: (m: string) => void;
  /** What to call the request in messages (defaults to the public URL). */
  label?: string;
  /**
   * Members left out while the answer streams (json-drop.ts): only the rest counts against
   * `maxBytes`, and at most 10 times that is read in all.
   */
  dropKeys?: readonly string[];
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: unknown;
}

/**
 * One request, retried on rate limits and server errors. Any status is returned (callers read
 * documented error bodies such as Aptos' 400s and Horizon's 404s); a body that is not JSON, or
 * too large, is refused.
 */
export async function requestJson(url: string, o: HttpOptions): Promise<HttpAnswer> {
  const label = o.label ?? publicUrl(url);
  return withRetry(
    label,
    async () => {
      let res: Response;
      try {
        res = await fetch(url, {
          method: o.method ?? 'GET',
          signal: AbortSignal.timeout(withinTimeout(o.timeoutMs)),
          headers: { accept: 'application/json', ...(o.body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: o.body === undefined ? undefined : JSON.stringify(o.body),
          redirect: 'error',
        });
      } catch (e) {
        const cause = (e as { cause?: { code?: string } }).cause?.code;
        throw new ApiError(`${label}: ${(e as Error).message}${cause ? ` (${cause})` : ''}`);
      }
      if (res.status === 429 || res.status >= 500) {
        await res.body?.cancel().catch(() => {});
        throw new ApiError(`${label}: status ${res.status}`, res.status);
      }
      const max = o.maxBytes ?? MAX_BODY_BYTES;
      const text = o.dropKeys
        ? await readDropping(
            res.body,
            o.dropKeys,
            { maxKept: max, maxRead: 10 * max },
            (why) => new ApiError(`${label}: answer ${why}: refused`),
          )
        : await readCapped(res, max);
      // Within the depth budget, and never quoting the answer in an error (outside-json.ts).
      const tooDeep = jsonBudgetProblem(text);
      if (tooDeep) throw new ApiError(`${label}: ${tooDeep}`, res.status);
      let json: unknown;
      try {
        json = text === '' ? undefined : parseOutsideJson(text, label);
      } catch {
        json = undefined;
      }
      if (json === undefined) throw new ApiError(`${label}: status ${res.status}, the answer is not JSON: refused`, res.status);
      return { status: res.status, headers: res.headers, json };
    },
    o.onRetry,
    o.backoffMs,
  );
}

/** A JSON-RPC 2.0 call (Solana, XRPL): the `result`, or an ApiError carrying the node's error. */
export async function jsonRpc(url: string, method: string, params: unknown, o: Omit<HttpOptions, 'method' | 'body'>): Promise<unknown> {
  const label = o.label ?? `${publicUrl(url)} ${method}`;
  const a = await requestJson(url, { ...o, method: 'POST', body: { jsonrpc: '2.0', id: 1, method, params }, label });
  const body = a.json as { result?: unknown; error?: { code?: unknown; message?: unknown } } | null;
  if (a.status !== 200) throw new ApiError(`${label}: status ${a.status}`, a.status);
  if (body && typeof body === 'object' && body.error)
    throw new ApiError(
      `${label}: error ${JSON.stringify(body.error.code ?? '')} ${JSON.stringify(body.error.message ?? '').slice(0, 200)}`,
    );
  if (!body || typeof body !== 'object' || !('result' in body)) throw new ApiError(`${label}: no "result" in the answer: refused`);
  return body.result;
}

/**
 * A decimal string ("12.5", "1.2e3", "-0.5") as an exact plain decimal string, or null. Amounts
 * stay strings end to end (no float rounding of a supply).
 */
export function plainDecimal(s: string): string | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(s.trim());
  if (!m) return null;
  const [, sign, int, frac = '', exp = '0'] = m;
  const e = Number(exp);
  if (Math.abs(e) > 80) return null;
  let digits = int + frac;
  let point = int.length + e;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits + '0'.repeat(point - digits.length);
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const rest = digits.slice(point).replace(/0+$/, '');
  const out = rest ? `${whole}.${rest}` : whole;
  return sign && out !== '0' ? `-${out}` : out;
}

/** A plain decimal string as an integer number of 10^-decimals units (for exact subtraction). */
export function toUnits(decimal: string, decimals: number): bigint {
  const neg = decimal.startsWith('-');
  const [int, frac = ''] = (neg ? decimal.slice(1) : decimal).split('.');
  if (frac.length > decimals) throw new ApiError(`amount ${decimal} has more than ${decimals} decimals`);
  const v = BigInt(int + frac.padEnd(decimals, '0'));
  return neg ? -v : v;
}

/** Units back to a plain decimal string. */
export function fromUnits(units: bigint, decimals: number): string {
  const neg = units < 0n;
  const s = (neg ? -units : units).toString().padStart(decimals + 1, '0');
  const int = s.slice(0, s.length - decimals);
  const frac = decimals ? s.slice(s.length - decimals).replace(/0+$/, '') : '';
  return `${neg ? '-' : ''}${int}${frac ? '.' + frac : ''}`;
}
