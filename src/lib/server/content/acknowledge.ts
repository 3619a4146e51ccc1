/**
 * The one point where a save (create, update, delete, restore) is acknowledged: its revision row is
 * committed in the database, the answer is about to go out, and from here the outbox makes sure it
 * reaches git. Anything else a save must set off (a CDN purge) belongs here too.
 *
 * On a function host (Netlify) nothing runs after the answer unless the request holds the function
 * open: the delivery is handed to the request's `waitUntil` (Netlify's `context`, which the runtime
 * exposes as `Netlify.context` and @astrojs/netlify as `Astro.locals.netlify.context`), within the
 * function's budget; what it cannot finish, the scheduled drain (netlify/functions/content-drain.mts)
 * does. A long-lived server delivers in the background and sweeps every minute.
 */
import type { Database } from '#db/client.ts';
import { contentConfig } from './config.ts';
import { deliverContent, startSweep } from './outbox.ts';

/** What a function host gives a request to outlive its answer. */
export interface RequestHold {
  waitUntil: (promise: Promise<unknown>) => void;
}

/** The current request's hold on a function host, or null on a long-lived server. */
export function functionHold(explicit?: RequestHold | null): RequestHold | null {
  const candidate = explicit ?? (globalThis as { Netlify?: { context?: RequestHold | null } }).Netlify?.context;
  return candidate && typeof candidate.waitUntil === 'function' ? candidate : null;
}

/** Starts the delivery of what was just saved; returns it (it never rejects) for a caller that wants to wait. */
export function acknowledgeSave(db: Database, hold: RequestHold | null = functionHold()): Promise<boolean> {
  const config = contentConfig();
  if (hold) {
    const delivery = deliverContent(db, config, 'function');
    hold.waitUntil(delivery);
    return delivery;
  }
  startSweep(db, config);
  return deliverContent(db, config, 'server');
}
