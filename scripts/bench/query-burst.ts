/**
 * A burst of distinct query strings on one page, as a link crawler or a cache-busting attacker sends
 * them: unknown parameters, repeated ones, case variants of declared ones, all different strings. The
 * page cache keys a page by the parameters its route declares (src/lib/shared/route-params.ts), so
 * they all fall on a few entries, and the plain page, asked between them, stays a hit. Measured: the
 * plain page's hit rate during the burst, and the server's peak resident memory (Linux /proc).
 */
import { readFileSync } from 'node:fs';

export interface BurstResult {
  path: string;
  distinct: number;
  seconds: number;
  plain: number;
  plainHits: number;
  hitRate: number;
  /** The burst's own answers that came from the cache. */
  burstHits: number;
  errors: number;
  /** Peak VmRSS of the server during the burst, MB; null where /proc cannot be read. */
  peakRssMb: number | null;
}

const rssMb = (pid: number | undefined): number | null => {
  if (pid === undefined) return null;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
};

/** The i-th distinct query: the forms an attack on the cache key mixes. */
function query(i: number): string {
  switch (i % 5) {
    case 0:
      return `?utm_source=crawl-${i}`;
    case 1:
      return `?league=Issuers&n=${i}`;
    case 2:
      return `?period=30&period=${i}&x=${i}`;
    case 3:
      return `?LEAGUE=PROTOCOLS&Stablecoins=${i}`;
    default:
      return `?${'a'.repeat(1 + (i % 7))}=${i}&league=networks`;
  }
}

export async function queryBurst(
  base: string,
  path: string,
  options: { distinct?: number; concurrency?: number; plainEvery?: number; serverPid?: number } = {},
): Promise<BurstResult> {
  const distinct = options.distinct ?? 20_000;
  const concurrency = options.concurrency ?? 32;
  const plainEvery = options.plainEvery ?? 10;
  let next = 0;
  let plain = 0;
  let plainHits = 0;
  let burstHits = 0;
  let errors = 0;
  let peak = rssMb(options.serverPid);
  const sampler = setInterval(() => {
    const now = rssMb(options.serverPid);
    if (now !== null) peak = Math.max(peak ?? 0, now);
  }, 100);
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= distinct) return;
      const targets = [path + query(i)];
      // The plain page between the burst's requests, as its real visitors keep asking for it.
      if (i % plainEvery === 0) targets.push(path);
      for (const target of targets) {
        try {
          const r = await fetch(base + target, { headers: { 'accept-encoding': 'br, gzip' } });
          await r.arrayBuffer();
          const hit = r.headers.get('x-cache') === 'HIT';
          if (r.status !== 200) errors++;
          if (target === path) {
            plain++;
            if (hit) plainHits++;
          } else if (hit) burstHits++;
        } catch {
          errors++;
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    clearInterval(sampler);
  }
  const end = rssMb(options.serverPid);
  if (end !== null) peak = Math.max(peak ?? 0, end);
  return {
    path,
    distinct,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    plain,
    plainHits,
    hitRate: plain ? plainHits / plain : 0,
    burstHits,
    errors,
    peakRssMb: peak,
  };
}
