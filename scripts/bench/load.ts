/** HTTP throughput and latency with autocannon: warm-up, then 10 s at each connection count. */
import autocannon from 'autocannon';

export interface LoadResult {
  path: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function once(baseUrl: string, path: string, connections: number, seconds: number): Promise<LoadResult> {
  const times: number[] = [];
  // Without a callback autocannon returns its running instance, an event emitter that is also a promise.
  const instance = autocannon({
    url: baseUrl + path,
    connections,
    duration: seconds,
    timeout: 20,
    // As a browser asks: the answers measured are the compressed ones it would get.
    headers: { 'accept-encoding': 'br, gzip' },
  }) as unknown as Promise<autocannon.Result> & {
    on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  };
  // Every response time, so p95 is exact (autocannon's own summary stops at p90 / p97.5).
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const r = await instance;
  times.sort((a, b) => a - b);
  return {
    path,
    connections,
    rps: Math.round(r.requests.average),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    requests: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

export async function measure(
  baseUrl: string,
  paths: string[],
  connectionCounts: number[],
  seconds: number,
  log: (s: string) => void,
): Promise<LoadResult[]> {
  const out: LoadResult[] = [];
  for (const path of paths) {
    await once(baseUrl, path, 10, 2); // warm-up: JIT, caches, connection pool
    for (const c of connectionCounts) {
      const r = await once(baseUrl, path, c, seconds);
      log(`  ${path} @${c}: ${r.rps} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms`);
      out.push(r);
    }
  }
  return out;
}
