import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { PRELOAD_FLAG } from './tests/support/preload-flag.ts';

/**
 * A test's lane is its folder; nothing here names a file.
 * - tests/unit: pure functions, no server.
 * - tests/api: the shared built server on a scratch libSQL file, one file at a time; `npm test` runs
 *   them in a vitest process of its own, beside the others (scripts/test.ts).
 *   tests/api/also-on-sqld: suites whose database work differs on a remote database (writes,
 *   transactions, batched reads); they run again in the sqld lane.
 * - tests/api-own: suites that start every server they use (built servers on scratch files, Anvil
 *   chains, sqld, git remotes) and never touch the shared one; in the browser tests' group (one
 *   project with tests/e2e and tests/reliability), taking its workers as they free up.
 * - tests/e2e: headless Chromium against the shared server. tests/e2e/long-first: the longest files,
 *   started first in their group (with no durations of a previous run, as on a clean clone, vitest
 *   orders by file size and these small files would start last and run on alone).
 * - tests/sqld: several instances on one real sqld.
 * - tests/reliability: crash, fuzz, attack and build suites on servers of their own; started in
 *   their group right after the long-first files: as the last files of the group (project order),
 *   a few of them, up to 35 s each, ran on after everything else.
 *   tests/reliability-timed: suites whose figures are times, alone at the end.
 */
const LONG_FIRST_FOLDER = '/tests/e2e/long-first/';
const RELIABILITY_FOLDER = '/tests/reliability/';

/**
 * Files at a time in the browser tests' group (e2e, api-own, reliability), on two cores. With two,
 * the machine ran at about 1.7 cores through the group: each file spends part of its time waiting
 * (a server or chain starting, a page's network going idle, an ingest child), and when both did at
 * once a core stood idle. A third file takes that share. Each file's own work is unchanged.
 */
const BROWSER_GROUP_WORKERS = 3;

/**
 * Every lane but the unit tests imports its files with Node's own loader (types stripped, as the
 * scripts and the server run), not through Vite's module runner: these files reach the product
 * through its built server, its scripts and the test support, so transforming and wrapping each
 * module again in every worker was cost without use. Their workers also run file after file
 * (isolate: false) instead of a new process per file: a new process loaded vitest, Playwright and the
 * libSQL client again, about 1.4 CPU-s a file (10 small files took 18.6 CPU-s one process each, 4.6
 * in two kept workers). These files keep their state in their own variables and servers, and none
 * changes process.env, globals or timers. The unit lane keeps the runner: it resets its modules
 * between files (unit-fresh-modules.ts) and mocks one.
 *
 * Their workers preload tests/support/node-preload.mjs, as the servers and ingest runs the tests start
 * do: Node's own resolution otherwise parsed a package's whole "exports" map again for each file it
 * loaded from it (drizzle-orm's, viem's), a quarter of a browser worker's CPU. Six browser-group
 * files took 133-136 CPU-s without it and 115-123 with it.
 */
const NODE_LANE = {
  experimental: { viteModuleRunner: false },
  isolate: false,
  execArgv: [PRELOAD_FLAG],
};

/**
 * The browser group's folders: each one's files, and its time limits, which a setup file
 * (tests/support/folder-limits.ts) sets before each of its files.
 */
const BROWSER_GROUP_FOLDERS = [
  { folder: 'tests/e2e/', files: '**/*.spec.ts', testTimeout: 60_000, hookTimeout: 60_000 },
  { folder: 'tests/api-own/', files: '**/*.test.ts', testTimeout: 30_000, hookTimeout: 60_000 },
  { folder: 'tests/reliability/', files: '**/*.test.ts', testTimeout: 300_000, hookTimeout: 120_000 },
];

class LongFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => (f.moduleId.includes(LONG_FIRST_FOLDER) ? 0 : f.moduleId.includes(RELIABILITY_FOLDER) ? 1 : 2);
    const order = (f: TestSpecification) => f.project.config.sequence.groupOrder;
    const sorted = (await super.sort(files)).sort((a, b) => order(a) - order(b) || rank(a) - rank(b));
    return sorted;
  }
}

/**
 * Five projects: pure unit tests; API tests against the real built server on a scratch libSQL file;
 * the browser tests' group (Chromium against the same kind of server, and the suites and reliability
 * suites on servers of their own); the API and multi-instance suites on sqld; and the timed suites,
 * alone at the end. `npm test` builds first.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: LongFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Two files at a time: vitest's default on two cores is one (cores - 1), and these share nothing.
          // Side by side, the CPU-bound ones (hostile Markdown, a 20 MB answer) need more than 5 s on a busy machine.
          maxWorkers: 2,
          isolate: false,
          setupFiles: ['tests/support/unit-fresh-modules.ts'],
          testTimeout: 20_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          ...NODE_LANE,
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/global-server.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // The browser tests' group, one project of three folders: tests/e2e (Chromium against the
          // shared server), tests/api-own (suites on servers of their own) and tests/reliability
          // (crash, backup, fuzzing, attack and build suites on servers of their own, none of them
          // timing anything). One project, so its workers run file after file whatever the folder
          // (vitest ends a worker when the next file is another project's); each folder's time limits
          // (BROWSER_GROUP_FOLDERS) are set by tests/support/folder-limits.ts. In `npm test`, in a
          // vitest process of its own once the build has ended.
          name: 'browser-group',
          ...NODE_LANE,
          include: BROWSER_GROUP_FOLDERS.map((f) => f.folder + f.files),
          globalSetup: ['tests/support/global-server.ts'],
          setupFiles: ['tests/support/folder-limits.ts'],
          provide: {
            folderLimits: BROWSER_GROUP_FOLDERS.map(({ folder, testTimeout, hookTimeout }) => ({ folder, testTimeout, hookTimeout })),
          },
          maxWorkers: BROWSER_GROUP_WORKERS,
          // Islands hydrate on idle/visibility; on a loaded two-core machine that can take seconds.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          // The production shape: the API suites that use the shared server run a second time against
          // a real libSQL server (sqld, JWT auth) shared by two instances, a Node server (baseUrl) and
          // a library-mode instance run as a Netlify function would (peerUrl); plus the multi-instance
          // suites (tests/sqld: start-up race, sessions, cache, concurrent saves to one git remote,
          // kill -9 with the remote down). Suites that start their own servers on scratch files already
          // ran in 'browser-group' and are left out here. `npm test` runs this project in a vitest process of
          // its own, beside the others from the start (scripts/test.ts); groupOrder orders a plain `vitest run`.
          name: 'api-sqld',
          ...NODE_LANE,
          include: ['tests/api/also-on-sqld/**/*.test.ts', 'tests/sqld/**/*.test.ts'],
          globalSetup: ['tests/support/global-sqld.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 3 },
        },
      },
      {
        test: {
          // The suites whose figures or assertions are times, last and one file at a time, so nothing
          // else runs beside them: the load test's throughput and latency, and login-timing's unknown
          // user answering as slowly as a wrong password. Its global setup prints the summary of the
          // reliability suites' figures (both folders) at the end of the run.
          name: 'reliability-timed',
          ...NODE_LANE,
          include: ['tests/reliability-timed/**/*.test.ts'],
          globalSetup: ['tests/reliability-timed/summary.ts'],
          sequence: { groupOrder: 5 },
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
