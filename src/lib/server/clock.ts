import { readFileSync } from 'node:fs';
import { config } from './config.ts';

/**
 * The server's "now" for publishing decisions (scheduled items, cache lifetimes). In production it
 * is the system clock. Tests of scheduled publishing move it without a restart: TEST_CLOCK_FILE
 * names a file holding an offset in milliseconds, read on every call. It is honoured only when
 * set in the server's environment by whoever starts it (never from a request), and is declared
 * as test-only in config.ts and .env.example.
 */
export function now(): Date {
  const file = config().testClockFile;
  if (!file) return new Date();
  let offset = 0;
  try {
    offset = Number(readFileSync(file, 'utf8').trim()) || 0;
  } catch {
    // No file yet: no offset.
  }
  return new Date(Date.now() + offset);
}
