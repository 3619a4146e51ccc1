/**
 * A JSON-RPC proxy on loopback in front of a local chain, behaving as public endpoints do: it
 * answers every `rateLimitEvery`-th request with HTTP 429, refuses an eth_getLogs wider than
 * `maxLogRange` blocks as Infura does (-32602 "range N exceeds limit of M"), and adds `delayMs`
 * to every request (the benchmark's 100 ms). It counts what it forwards, so a test can say how
 * many requests a read took and which log ranges were read. JSON-RPC batches are one request.
 */
import { createServer, type Server } from 'node:http';
import { freePort } from './free-port.ts';

interface RpcMessage {
  id: number | string;
  method: string;
  params?: unknown[];
}

export interface ProxyOptions {
  delayMs?: number;
  /** Every n-th request is refused with HTTP 429 (0: never). */
  rateLimitEvery?: number;
  /** Widest eth_getLogs range in blocks (0: no limit). */
  maxLogRange?: number;
  /**
   * A request it is asked to forward that it never answers (a test's fixed point to kill the
   * client at: the client waits there, it cannot run ahead of the kill).
   */
  stall?: (method: string, params: unknown[]) => boolean;
}

export interface RpcProxy {
  url: string;
  /** Requests forwarded (a batch is one), each with its methods; refused ones are not here. */
  requests: string[][];
  /** Block ranges of the eth_getLogs calls forwarded, in order. */
  logRanges: Array<[number, number]>;
  /** Requests refused: by the rate limit, and wide log ranges. */
  refused: { rateLimited: number; wideRanges: number };
  /** Forget what was counted (a new phase of a test). */
  reset: () => void;
  close: () => Promise<void>;
}

export async function startRpcProxy(upstream: string, opts: ProxyOptions = {}): Promise<RpcProxy> {
  const state: Omit<RpcProxy, 'url' | 'reset' | 'close'> = { requests: [], logRanges: [], refused: { rateLimited: 0, wideRanges: 0 } };
  let seen = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      let body = '';
      for await (const chunk of req) body += chunk;
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      seen++;
      if (opts.rateLimitEvery && seen % opts.rateLimitEvery === 0) {
        state.refused.rateLimited++;
        res.writeHead(429, { 'content-type': 'application/json' }).end('{"error":"too many requests"}');
        return;
      }
      const parsed = JSON.parse(body) as RpcMessage | RpcMessage[];
      const messages = Array.isArray(parsed) ? parsed : [parsed];
      for (const m of messages) {
        if (m.method !== 'eth_getLogs' || !opts.maxLogRange) continue;
        const { fromBlock, toBlock } = (m.params?.[0] ?? {}) as { fromBlock: string; toBlock: string };
        const width = Number(BigInt(toBlock)) - Number(BigInt(fromBlock)) + 1;
        if (width > opts.maxLogRange) {
          state.refused.wideRanges++;
          const error = { code: -32602, message: `range ${width} exceeds limit of ${opts.maxLogRange}` };
          const answer = Array.isArray(parsed)
            ? messages.map((x) => ({ jsonrpc: '2.0', id: x.id, error }))
            : { jsonrpc: '2.0', id: m.id, error };
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
          return;
        }
      }
      if (messages.some((m) => opts.stall?.(m.method, m.params ?? []))) return;
      state.requests.push(messages.map((m) => m.method));
      for (const m of messages)
        if (m.method === 'eth_getLogs') {
          const { fromBlock, toBlock } = (m.params?.[0] ?? {}) as { fromBlock: string; toBlock: string };
          state.logRanges.push([Number(BigInt(fromBlock)), Number(BigInt(toBlock))]);
        }
      const up = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      res.writeHead(up.status, { 'content-type': 'application/json' }).end(await up.text());
    })().catch((e: Error) => res.writeHead(502).end(String(e.message)));
  });
  const port = await freePort();
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    get logRanges() {
      return state.logRanges;
    },
    get refused() {
      return state.refused;
    },
    reset() {
      state.requests = [];
      state.logRanges = [];
      state.refused = { rateLimited: 0, wideRanges: 0 };
    },
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
