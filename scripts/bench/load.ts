/**
 * HTTP throughput and latency with autocannon, in interleaved rounds: each path gets `seconds` in all at
 * each connection count, cut into rounds, and every round measures every path one after the other (the
 * order reversed every other round). A burst of load from another job on the machine then slows the
 * paths of one round alike, so a ratio taken within each round, and the median of those, stays put where
 * separate 10 s runs moved by half.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadResult {
  path: string;
  connections: number;
  /** Median over the rounds. */
  rps: number;
  /** Each round's req/s, in round order: round i of every path ran in the same stretch of time. */
  roundRps: number[];
  /**
   * The server's CPU time per answer in µs (median over the rounds), the cost that does not move with
   * other jobs' load; null where the server's /proc entry cannot be read (not Linux).
   */
  serverUs: number | null;
  roundServerUs: number[];
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

export interface LoadOptions {
  /** How many rounds `seconds` is cut into (each at least 1 s). */
  rounds: number;
  /** The server's process id, to read its CPU time. */
  serverPid?: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * The process's user + system CPU time in µs, from /proc/<pid>/stat (fields 14 and 15, in clock ticks
 * of 1/100 s: USER_HZ is 100 on every Linux architecture Node runs on). Undefined off Linux.
 */
function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

interface Round {
  rps: number;
  serverUs: number | undefined;
  times: number[];
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

async function once(baseUrl: string, path: string, connections: number, seconds: number, serverPid?: number): Promise<Round> {
  const times: number[] = [];
  // Without a callback autocannon returns its running instance, an event emitter that is also a promise.
  const instance = autocannon({
    url: baseUrl + path,
    connections,
    duration: seconds,
    timeout: 20,
    // As a browser asks: the answers measured are the compressed ones it would get.
    headers: { 'accept-encoding': 'br, gzip' },
    // autocannon appends every body to a string (decoding it as UTF-8) for checks this bench never
    // asks for: for a 15 KB Brotli body that cost the client as much CPU as the server's whole answer,
    // so a larger page measured slower for the client's sake. The bytes are still read and counted.
    setupClient: (client) => {
      (client as unknown as { pipelinedRequests: { addBody: (data: Buffer) => void } }).pipelinedRequests.addBody = () => {};
    },
  }) as unknown as Promise<autocannon.Result> & {
    on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  };
  // Every response time, so p95 is exact (autocannon's own summary stops at p90 / p97.5).
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const cpuBefore = cpuMicros(serverPid);
  const r = await instance;
  const cpuAfter = cpuMicros(serverPid);
  const requests = r.requests.total;
  return {
    // Answers over the run's own length (autocannon's per-second average drops a partial last second).
    rps: requests / r.duration,
    serverUs: cpuBefore !== undefined && cpuAfter !== undefined && requests > 0 ? (cpuAfter - cpuBefore) / requests : undefined,
    times,
    requests,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function measure(
  baseUrl: string,
  paths: string[],
  connectionCounts: number[],
  seconds: number,
  log: (s: string) => void,
  options: LoadOptions,
): Promise<LoadResult[]> {
  const roundSeconds = Math.max(1, Math.round(seconds / options.rounds));
  for (const path of paths) await once(baseUrl, path, 10, 2); // warm-up: JIT, caches, connection pool
  const out: LoadResult[] = [];
  for (const c of connectionCounts) {
    const rounds = new Map<string, Round[]>(paths.map((p) => [p, []]));
    for (let i = 0; i < options.rounds; i++) {
      for (const path of i % 2 ? [...paths].reverse() : paths)
        rounds.get(path)!.push(await once(baseUrl, path, c, roundSeconds, options.serverPid));
      log(`  round ${i + 1}/${options.rounds} @${c}: ${paths.map((p) => `${p} ${Math.round(rounds.get(p)![i].rps)}`).join(', ')} req/s`);
    }
    for (const path of paths) {
      const rs = rounds.get(path)!;
      const times = rs.flatMap((r) => r.times).sort((a, b) => a - b);
      const cpu = rs.map((r) => r.serverUs).filter((u): u is number => u !== undefined);
      const sum = (pick: (r: Round) => number) => rs.reduce((n, r) => n + pick(r), 0);
      out.push({
        path,
        connections: c,
        rps: Math.round(median(rs.map((r) => r.rps))),
        roundRps: rs.map((r) => Math.round(r.rps)),
        serverUs: cpu.length === rs.length ? round1(median(cpu)) : null,
        roundServerUs: cpu.map(round1),
        p50: round1(percentile(times, 50)),
        p95: round1(percentile(times, 95)),
        p99: round1(percentile(times, 99)),
        requests: sum((r) => r.requests),
        errors: sum((r) => r.errors),
        timeouts: sum((r) => r.timeouts),
        non2xx: sum((r) => r.non2xx),
      });
    }
  }
  return out;
}

/** A path's req/s against the reference's: the median of the ratios taken within each round. */
export const rpsRatio = (r: LoadResult, reference: LoadResult) => median(r.roundRps.map((v, i) => v / reference.roundRps[i]));

/**
 * The reference's server CPU per answer against the path's: the req/s ratio the server alone would
 * give were it the only thing on the machine (null without the CPU figures).
 */
export const serverCostRatio = (r: LoadResult, reference: LoadResult) =>
  r.roundServerUs.length && r.roundServerUs.length === reference.roundServerUs.length
    ? median(r.roundServerUs.map((us, i) => reference.roundServerUs[i] / us))
    : null;
