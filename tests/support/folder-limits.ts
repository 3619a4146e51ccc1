import { expect, vi } from 'vitest';

/**
 * The time limits of each folder of the browser group. Its three folders (browser tests on the
 * shared server, suites on servers of their own, reliability suites) are one vitest project because
 * vitest ends a worker whenever the next file in its queue belongs to another project: as three
 * projects, the group's three workers were replaced some fifteen times a run, each new one loading
 * vitest, Playwright and the libSQL client again and, for browser files, launching Chromium again.
 * A setup file runs before each file, and vitest resets what it sets when the file ends.
 */
const LIMITS: Array<{ folder: string; testTimeout: number; hookTimeout: number }> = [
  { folder: '/tests/e2e/', testTimeout: 60_000, hookTimeout: 60_000 },
  { folder: '/tests/api-own/', testTimeout: 30_000, hookTimeout: 60_000 },
  { folder: '/tests/reliability/', testTimeout: 300_000, hookTimeout: 120_000 },
];

const file = expect.getState().testPath ?? '';
const limits = LIMITS.find((l) => file.includes(l.folder));
if (!limits) throw new Error(`${file} is in no folder of the browser group (tests/support/folder-limits.ts names them)`);
vi.setConfig({ testTimeout: limits.testTimeout, hookTimeout: limits.hookTimeout });
