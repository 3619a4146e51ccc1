/**
 * The Node flag that preloads node-preload.mjs (the compile cache and the resolution hook): given to
 * the servers and ingest runs the tests start (childNodeOptions in server.ts) and to the test workers
 * of the node lanes (vitest.config.ts).
 */
export const PRELOAD_FLAG = `--import=${new URL('./node-preload.mjs', import.meta.url).href}`;
