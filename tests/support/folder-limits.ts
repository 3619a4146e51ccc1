import { expect, inject, vi } from 'vitest';

/** A folder of the browser group and its time limits (vitest.config.ts declares them, once). */
export interface FolderLimits {
  folder: string;
  testTimeout: number;
  hookTimeout: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    folderLimits: FolderLimits[];
  }
}

/**
 * The time limits of each folder of the browser group, set before each of its files. Its three
 * folders (browser tests on the shared server, suites on servers of their own, reliability suites)
 * are one vitest project because vitest ends a worker whenever the next file in its queue belongs to
 * another project: as three projects, the group's three workers were replaced some fifteen times a
 * run, each new one loading vitest, Playwright and the libSQL client again and, for browser files,
 * launching Chromium again. A setup file runs before each file, and vitest resets what it sets when
 * the file ends.
 */
const file = expect.getState().testPath ?? '';
const limits = inject('folderLimits').find((l) => file.includes(`/${l.folder}`));
if (!limits) throw new Error(`${file} is in no folder of the browser group (vitest.config.ts names them)`);
vi.setConfig({ testTimeout: limits.testTimeout, hookTimeout: limits.hookTimeout });
