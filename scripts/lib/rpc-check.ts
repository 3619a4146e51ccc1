/**
 * What `npm run rpc:check` asks each keyless endpoint of the registry, and how it reads the
 * answers: the chain id (is it the chain the registry says?), the head, a 100-block eth_getLogs (the
 * daily run indexes Transfer logs) and an eth_call 200 blocks behind the head (a close read needs
 * state a little older than the head; a full node keeps about 128 blocks). Each failure is named by
 * its kind, so a table tells a dead endpoint from a throttled one, one that refuses logs from one
 * that has pruned the state. No retries: the check reports what one polite pass sees.
 */
import type { Registry } from '#lib/server/catalogue/registry.ts';

export type FailureKind = 'dead' | 'rate limited' | 'getLogs disabled' | 'getLogs range limited' | 'state pruned' | 'wrong chain' | 'error';

export type Step = { ok: true; value: string } | { ok: false; kind: FailureKind; message: string };

export interface EndpointTarget {
  chain: string;
  chainId: number;
  url: string;
  /** A tracked token on the chain: the logs and the call are asked of it, as the daily run asks them. */
  token: string | null;
  /** The registry's statement of the endpoint's limits. */
  limits: string | null;
}

export interface EndpointReport extends EndpointTarget {
  chainIdStep: Step;
  head: Step;
  logs: Step;
  call: Step;
  /** 'ok', or the first failure's kind. */
  verdict: 'ok' | FailureKind;
}

/** A JSON-RPC error or transport failure, named by what it means for a reader. */
export function classify(method: string, failure: { status?: number; code?: number; message: string; network?: boolean }): FailureKind {
  const m = failure.message;
  if (failure.network) return 'dead';
  if (failure.status === 429) return 'rate limited';
  if (failure.status !== undefined && failure.status >= 500) return 'dead';
  if (failure.status !== undefined && failure.status >= 400) return /rate|limit|too many/i.test(m) ? 'rate limited' : 'dead';
  if (method === 'eth_getLogs') {
    if (
      /more than \d+ results|too many (results|logs)|block range|range (is )?too (large|wide)|exceed(s|ed)? .*(range|limit of \d+ blocks)|query returned more/i.test(
        m,
      )
    )
      return 'getLogs range limited';
    if (
      failure.code === -32601 ||
      /not (supported|available|allowed|enabled)|disabled|does not exist|method not found|unsupported/i.test(m)
    )
      return 'getLogs disabled';
  }
  if (/rate.?limit|too many requests|request limit|quota|capacity exceeded|throttl/i.test(m) || failure.code === -32029)
    return 'rate limited';
  if (
    method === 'eth_call' &&
    /missing trie node|pruned|state .*(not available|unavailable)|header not found|historical state|unknown block|block .*not found|archive|state histor/i.test(
      m,
    )
  )
    return 'state pruned';
  return 'error';
}

type Fetch = typeof fetch;

/** One JSON-RPC call: its result, or its failure classified. */
async function call(url: string, method: string, params: unknown[], f: Fetch, timeoutMs: number): Promise<Step> {
  let res: Response;
  try {
    res = await f(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    const message = e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
    return { ok: false, kind: 'dead', message: `no answer: ${message}` };
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) {
    const message = `HTTP ${res.status}${text ? `: ${text.slice(0, 120)}` : ''}`;
    return { ok: false, kind: classify(method, { status: res.status, message }), message };
  }
  let body: { result?: unknown; error?: { code?: number; message?: string } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return { ok: false, kind: 'dead', message: `not a JSON-RPC answer: ${text.slice(0, 80)}` };
  }
  if (body.error) {
    const message = `${body.error.code ?? ''} ${body.error.message ?? ''}`.trim();
    return { ok: false, kind: classify(method, { code: body.error.code, message }), message };
  }
  if (body.result === undefined) return { ok: false, kind: 'error', message: 'no result in the answer' };
  return { ok: true, value: typeof body.result === 'string' ? body.result : JSON.stringify(body.result) };
}

const hex = (n: number) => `0x${n.toString(16)}`;
const ZERO = '0x0000000000000000000000000000000000000000';
/** totalSupply(): what the close read asks of every token. */
const TOTAL_SUPPLY = '0x18160ddd';
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const skipped = (why: string): Step => ({ ok: false, kind: 'error', message: `not asked: ${why}` });

/** The four questions, in order; a step that needs the head is not asked without it. */
export async function checkEndpoint(target: EndpointTarget, opts: { fetch?: Fetch; timeoutMs?: number } = {}): Promise<EndpointReport> {
  const f = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  let chainIdStep = await call(target.url, 'eth_chainId', [], f, timeoutMs);
  if (chainIdStep.ok && Number(chainIdStep.value) !== target.chainId)
    chainIdStep = { ok: false, kind: 'wrong chain', message: `answers chain ${Number(chainIdStep.value)}, not ${target.chainId}` };
  const dead = !chainIdStep.ok && chainIdStep.kind === 'dead';
  const head = dead ? skipped('the endpoint did not answer') : await call(target.url, 'eth_blockNumber', [], f, timeoutMs);
  const at = head.ok ? Number(head.value) : null;
  const logs =
    at === null
      ? skipped('no head')
      : await call(
          target.url,
          'eth_getLogs',
          [
            {
              fromBlock: hex(Math.max(0, at - 99)),
              toBlock: hex(at),
              topics: [TRANSFER],
              ...(target.token ? { address: target.token } : {}),
            },
          ],
          f,
          timeoutMs,
        );
  const callStep =
    at === null
      ? skipped('no head')
      : await call(target.url, 'eth_call', [{ to: target.token ?? ZERO, data: TOTAL_SUPPLY }, hex(Math.max(0, at - 200))], f, timeoutMs);
  const report = { ...target, chainIdStep, head, logs: summarise(logs), call: callStep };
  const first = [chainIdStep, head, logs, callStep].find((s) => !s.ok && !s.message.startsWith('not asked'));
  return { ...report, verdict: first && !first.ok ? first.kind : 'ok' };
}

/** A getLogs answer as a count, not the logs themselves. */
function summarise(s: Step): Step {
  if (!s.ok) return s;
  try {
    const n = (JSON.parse(s.value) as unknown[]).length;
    return { ok: true, value: `${n} log${n === 1 ? '' : 's'}` };
  } catch {
    return s;
  }
}

/** Every keyless EVM endpoint of the registry, with a tracked token of its chain to ask about. */
export function endpointTargets(registry: Registry): EndpointTarget[] {
  const out: EndpointTarget[] = [];
  for (const [key, chain] of Object.entries(registry.chains)) {
    if (chain.family !== 'evm' || chain.chainId === undefined) continue;
    const token = registry.assets.flatMap((a) => a.deployments).find((d) => d.chain === key)?.address ?? null;
    for (const e of chain.publicRpc) out.push({ chain: key, chainId: chain.chainId, url: e.url, token, limits: e.limits ?? null });
  }
  return out;
}

const cell = (s: Step) => (s.ok ? s.value : `✗ ${s.kind}`);

/** The report as a plain-text table, one endpoint a row, then each failure's message. */
export function table(reports: EndpointReport[]): string {
  const head = ['chain', 'endpoint', 'chain id', 'head', 'getLogs 100 blocks', 'eth_call head−200', 'verdict'];
  const rows = reports.map((r) => [
    r.chain,
    r.url,
    r.chainIdStep.ok ? String(Number(r.chainIdStep.value)) : `✗ ${r.chainIdStep.kind}`,
    r.head.ok ? String(Number(r.head.value)) : cell(r.head),
    cell(r.logs),
    r.call.ok ? 'state read' : cell(r.call),
    r.verdict,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cols: string[]) =>
    cols
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  const notes = reports.flatMap((r) =>
    [r.chainIdStep, r.head, r.logs, r.call].flatMap((s) =>
      !s.ok && !s.message.startsWith('not asked') ? [`${r.url}: ${s.kind}: ${s.message}`] : [],
    ),
  );
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), ...(notes.length ? ['', ...notes] : [])].join('\n');
}
