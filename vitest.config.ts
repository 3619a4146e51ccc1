import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * API suites run again in the sqld lane: only those whose database work differs on a remote
 * database. content.test.ts writes (transactions and the outbox over HTTP, concurrent saves) and
 * analytics.test.ts reads every public figure through batched reads (one HTTP request per page).
 * The read-only page suites (origin, seo, coverage) send the same queries through the same
 * batches, so they run once, in 'api'. security.test.ts and hardening.test.ts write to the server's
 * database file directly (another connection, an expiring session, the test clock), which a remote
 * database does not have.
 */
const SQLD_LANE_API = ['analytics', 'content'];

/**
 * API suites that start every server they use (their own built servers on scratch files, Anvil
 * chains, sqld, git remotes) and never touch the shared one: they run two at a time in 'api-own'.
 * Each keeps about one core busy (a child process starting, an ingest run), so one at a time left
 * the second core idle. A suite missing here runs in 'api', one at a time beside the shared server,
 * which is always safe.
 */
const API_OWN_SERVERS = [
  'alerts',
  'alerts-defillama',
  'api-conventions',
  'content-git',
  'content-history',
  'content-push',
  'content-unicode',
  'coverage',
  'holder-concentration',
  'ingest',
  'ingest-defillama',
  'ingest-discovery',
  'ingest-head-first',
  'ingest-resilience',
  'ingest-schedule',
  'ingest-truth',
  'live-history',
  'netlify-ingest',
  'offline-start',
  'open-data-live',
  'page-cache',
  'receipts',
  'round-trips',
  'scheduled',
  'serve-port',
  'serve-without-build',
];

/** Reliability suites that measure time, run alone (the 'reliability-timed' project below). */
const RELIABILITY_TIMED = ['load', 'auth-attacks'];

/**
 * The browser tests' longest files (about 75 s each on a quiet machine), started first in their
 * group. Vitest orders a group by the durations of its previous run, and with none (a clean clone,
 * as in CI) by file size, largest first: these small files started last, and the lane ran on for
 * their length after everything else had finished.
 */
const LONG_FIRST = ['tests/e2e/axe-desktop.spec.ts', 'tests/e2e/axe-phone.spec.ts'];

class LongFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => (LONG_FIRST.some((path) => f.moduleId.endsWith(path)) ? 0 : 1);
    const order = (f: TestSpecification) => f.project.config.sequence.groupOrder;
    const sorted = (await super.sort(files)).sort((a, b) => order(a) - order(b) || rank(a) - rank(b));
    return sorted;
  }
}

/**
 * Seven projects (api-own, api-sqld below): pure unit tests; API tests against the real built server on a scratch libSQL
 * file; browser tests driving Debian's Chromium against the same server; and the reliability suites (load, crash,
 * fuzzing, attacks), each on servers of its own, last, in two projects (the timed ones alone). `npm test` builds first.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: LongFirst },
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: API_OWN_SERVERS.map((f) => `tests/api/${f}.test.ts`),
          globalSetup: ['tests/support/global-server.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // In the browser tests' group (same maxWorkers): the two workers take files of either
          // project as they free up, so neither lane waits at its end for the other's last file.
          name: 'api-own',
          include: API_OWN_SERVERS.map((f) => `tests/api/${f}.test.ts`),
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          globalSetup: ['tests/support/global-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          // Islands hydrate on idle/visibility; on a loaded two-core machine that can take seconds.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // Vitest refuses projects with different maxWorkers in one group; this one shares its group
          // (and its two workers) with 'api-own', after the shared-server API tests.
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
          // ran in 'api-own' and are left out here.
          name: 'api-sqld',
          include: [...SQLD_LANE_API.map((f) => `tests/api/${f}.test.ts`), 'tests/sqld/*.test.ts'],
          globalSetup: ['tests/support/global-sqld.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 3 },
        },
      },
      {
        test: {
          // Crash, backup, fuzzing, attack, header and build suites against servers of their own, after
          // the other projects (groupOrder), two files at a time: none of them measures time, and each
          // leaves a core mostly idle on its own (a browser waiting for islands, a build, servers
          // starting: headers.test.ts used 11 s of CPU in 29 s, netlify-local-build.test.ts 13 s in 22 s).
          name: 'reliability',
          include: ['tests/reliability/*.test.ts'],
          exclude: RELIABILITY_TIMED.map((f) => `tests/reliability/${f}.test.ts`),
          sequence: { groupOrder: 4 },
          maxWorkers: 2,
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // The suites whose figures or assertions are times, last and one file at a time, so nothing
          // else runs beside them: the load test's throughput and latency, and auth-attacks' unknown
          // user answering as slowly as a wrong password. Its global setup prints the summary of both
          // reliability projects' figures at the end of the run.
          name: 'reliability-timed',
          include: RELIABILITY_TIMED.map((f) => `tests/reliability/${f}.test.ts`),
          globalSetup: ['tests/reliability/summary.ts'],
          sequence: { groupOrder: 5 },
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
