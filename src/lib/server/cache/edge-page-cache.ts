/**
 * How the Node edge (front-door/index.ts) reaches the page cache (response-cache.ts), which lives in
 * the built app: the app publishes a lookup on globalThis under this symbol when it loads. Own module,
 * free of aliases, so that the edge (run by Node directly) can import it.
 */
export const EDGE_PAGE_CACHE = Symbol.for('rwa.page-cache');

export interface CachedPage {
  status: number;
  /** The answer's headers, lowercase names, without content-length and transfer-encoding (the edge sets them). */
  headers: Record<string, string>;
  body: Uint8Array;
  /**
   * The body and its compressed forms, kept with the entry: the edge adds a form the first time a client
   * asks for it, so each is made once per entry.
   */
  encoded?: { identity: Uint8Array; br?: Uint8Array; gzip?: Uint8Array };
}

export interface EdgePageCache {
  /**
   * The live entry for `pathname + search` as sent (the cache makes its key of it: the declared
   * parameters only), checked against the change counter, or undefined: at once
   * when the counter is known without a query (the usual hit), else a promise. On a miss it marks `req`
   * with the counter it read, so the app does not read it a second time, and hands `whenAnswered` the
   * call that ends this render's wait for the requests that come for the same page meanwhile (the edge
   * makes it when the answer is done, stored or not).
   */
  lookup(
    key: string,
    req?: { headers: Record<string, string | string[] | undefined> },
    whenAnswered?: (settle: () => void) => void,
  ): CachedPage | undefined | Promise<CachedPage | undefined>;
}

export const edgePageCache = () => (globalThis as Record<symbol, unknown>)[EDGE_PAGE_CACHE] as EdgePageCache | undefined;
