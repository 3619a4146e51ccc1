/**
 * The MCP endpoint's limits per client address and per request. Counted in this process's memory:
 * the endpoint writes nothing, so several servers (or function instances) each hold their own count,
 * and a client spread over them gets at most that many times the limit.
 */

/** The most addresses counted at once; past it the oldest windows are dropped first. */
const MAX_TRACKED = 10_000;

export interface RateLimiter {
  /** Counts one request of `key`: ok, or how many seconds until its window ends. */
  take(key: string, now?: number): { ok: true } | { ok: false; retryAfterS: number };
}

/** A fixed window per key: `limit` requests, then refusals until the window ends. */
export function rateLimiter(limit: number, windowMs: number): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key, now = Date.now()) {
      let w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        windows.delete(key);
        // The map is in order of window start (a new window is inserted last): the oldest come first,
        // and the sweep stops at the first window that is still running once there is room.
        if (windows.size >= MAX_TRACKED) {
          for (const [k, old] of windows) {
            if (now - old.start < windowMs && windows.size < MAX_TRACKED) break;
            windows.delete(k);
          }
        }
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      if (w.count >= limit) return { ok: false, retryAfterS: Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)) };
      w.count++;
      return { ok: true };
    },
  };
}

export class TimedOut extends Error {}

/** `work`, or a TimedOut once `ms` have passed (the work itself is left to finish or fail unheard). */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), Math.max(0, ms));
  });
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
