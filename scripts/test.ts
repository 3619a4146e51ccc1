/**
 * `npm test`: the production build, then every vitest project (unit, API, browser, reliability)
 * with the type tests beside them, ending with one summary line
 * 'N passed, N failed' that CI reads.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync, rmSync, globSync } from 'node:fs';
import { resolveChromium } from './lib/chromium.ts';
import { bin, printed, runQuiet, step, type Step } from './lib/quiet-steps.ts';

const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
const extra = process.argv.slice(2);

/** Set by the first failed step of any lane: the other lane finishes its running step and starts no more. */
let stopLanes = false;

/** Runs the steps of a lane one after another; the lane stops at its first failure, or the other lane's. */
async function lane(steps: Step[]): Promise<boolean> {
  for (const s of steps) {
    if (stopLanes) return false;
    const r = await runQuiet(s, env);
    console.log(printed(r));
    if (!r.ok) {
      stopLanes = true;
      return false;
    }
  }
  return true;
}

// The browser tests are part of the suite: the browser is found (and the npm-shipped build unpacked,
// a few seconds of one core) while the build runs, and before any test starts; the run stops if there
// is none. Resolving once here unpacks it before parallel workers need it.
const browserFound = resolveChromium().then(
  (browser) => ({ browser }),
  (error: unknown) => ({ error: error as Error }),
);

/**
 * Some tests are types: a file named `*-types.test.ts` asserts with `@ts-expect-error` lines that
 * only a type checker reads (tests/unit/endpoint-types.test.ts: a route's answer must type-check as
 * its schema's output). They are type-checked here, with everything they import, by the one
 * typescript-go program oxlint runs, beside the tests. It reads the content types the build writes
 * into .astro/ (astro build syncs before it builds; a run without the build syncs instead), so it
 * starts after the build. A failed type test fails the run in its summary line; the tests still run
 * to the end. The static checks of every file (the type check of all of them, oxlint's type-aware
 * rules, Prettier, ESLint and its module boundaries, knip, `astro check`) assert nothing a test does:
 * they are `npm run check`, which CI runs before the tests. The type check of every file here cost
 * about 50 CPU-s of a run; of the type tests alone, about 7. (Were none found, oxlint given no file
 * would check every file: slower, never less.)
 */
const typeTests = process.env.SKIP_CHECK
  ? undefined
  : step('Type tests (oxlint --type-check, typescript-go)', bin('oxlint'), [
      '--type-aware',
      '--type-check',
      '--deny-warnings',
      ...globSync('tests/**/*-types.test.ts'),
    ]);
mkdirSync('test-results', { recursive: true });
// A run that hangs (a child that never answers, a full disk) is stopped well inside CI's 90 minutes,
// so the log ends with what ran and a summary instead of a cut-off.
const VITEST_LIMIT_MS = Number(process.env.TEST_TIME_LIMIT_MIN ?? 70) * 60_000;
const deadline = Date.now() + VITEST_LIMIT_MS;

interface VitestRun {
  status: number | null;
  error?: Error;
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * One vitest process with its own JSON report. `quiet` holds its output back until it ends, so a
 * process running beside another prints one whole block instead of interleaved lines.
 */
function vitest(title: string, args: string[], report: string, quiet = false): Promise<VitestRun> {
  // A run that crashes before vitest writes its report must not be summed up from the previous run's.
  rmSync(report, { force: true });
  console.log(`\n=== ${title}${quiet ? ' (its output follows when it ends)' : ''}`);
  return new Promise((done) => {
    const child = spawn(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env,
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (c: Buffer) => chunks.push(c));
    child.stderr?.on('data', (c: Buffer) => chunks.push(c));
    const finish = (status: number | null, error?: Error) => {
      clearTimeout(timer);
      if (quiet) console.log(`\n=== ${title}: output\n${Buffer.concat(chunks).toString().trimEnd()}`);
      if (error) console.log(`\n${title}: vitest did not finish within ${VITEST_LIMIT_MS / 60_000} minutes (${error.message}); stopped.`);
      done({ status, error, ...counts(report) });
    };
    const timer = setTimeout(
      () => {
        child.kill('SIGKILL');
        finish(null, new Error('killed at the time limit'));
      },
      Math.max(0, deadline - Date.now()),
    );
    child.on('error', (error) => finish(null, error));
    child.on('close', (status) => finish(status));
  });
}

/** The projects vitest.config.ts declares, by name (the config is the one list of them; loaded once the build runs). */
async function projectNames(): Promise<string[]> {
  const vitestConfig = (await import('../vitest.config.ts')).default;
  const projects = (vitestConfig.test?.projects ?? []) as Array<{ test?: { name?: unknown } }>;
  return projects.map((p) => p.test?.name).filter((name): name is string => typeof name === 'string');
}

function counts(report: string): { passed: number; failed: number; skipped: number } {
  if (!existsSync(report)) return { passed: 0, failed: 0, skipped: 0 };
  const r = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

/**
 * The unit tests need no build: their vitest process starts with it. The build keeps one core
 * busy for most of its time (about 15 s); the unit tests (about 40 CPU-s) take the other, instead
 * of running first in the browser tests' process once the build has ended. Given files or options
 * (`npm test -- <file>`), one process after the build runs what they select.
 */
const unitRun =
  extra.length > 0 ? undefined : vitest('Unit tests (vitest: unit)', ['--project', 'unit'], 'test-results/vitest-unit.json', true);

if (!process.env.SKIP_CHECK && process.env.SKIP_BUILD) {
  const sync = spawnSync(bin('astro'), ['sync'], { stdio: 'inherit', env });
  if (sync.status !== 0) {
    console.log('\nastro sync failed.\n0 passed, 1 failed');
    process.exit(sync.status ?? 1);
  }
}
if (!process.env.SKIP_BUILD && !(await lane([step('Build', bin('astro'), ['build'])]))) {
  // The browser's unpacking is let finish: cut off, it would leave a partial binary a later run finds.
  await Promise.all([browserFound, unitRun]);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const typeTestsDone = typeTests ? lane([typeTests]) : Promise.resolve(true);
const found = await browserFound;
if ('error' in found) {
  console.error(`Browser tests need Chromium and none was found: ${found.error.message}`);
  stopLanes = true;
  await Promise.all([typeTestsDone, unitRun]);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
env.CHROMIUM_PATH = found.browser.path;
console.log(`Chromium for the browser tests: ${found.browser.path} (${found.browser.source})`);

/**
 * After the build, three more vitest processes start together (the unit tests' started with the
 * build). The sqld lane runs in one of its own: as a group after the others it ran one file at a
 * time (its files share one sqld and two instances) beside an idle core for two minutes. The API
 * suites on the shared server run one file at a time too (they share one server and its budgets),
 * each request waiting on the last: between the unit tests and the browser tests they left a core
 * idle for more than a minute, so they run in a process of their own as well, beside the browser
 * tests instead of before them. The timed suites come last and alone, so nothing runs beside what
 * they time. Given files or options (`npm test -- <file>`), one process runs what they select.
 */
const BESIDE = [
  { project: 'api-sqld', title: 'Tests on sqld', report: 'test-results/vitest-sqld.json' },
  { project: 'api', title: 'API tests on the shared server', report: 'test-results/vitest-api.json' },
];
const runs: VitestRun[] =
  extra.length > 0
    ? [await vitest('Tests (vitest)', extra, 'test-results/vitest.json')]
    : await (async () => {
        // The project names first: a config that fails to load stops the run before any vitest process starts.
        const others = (await projectNames()).filter(
          (name) => !BESIDE.some((b) => b.project === name) && name !== 'reliability-timed' && name !== 'unit',
        );
        const besideRuns = BESIDE.map((b) => vitest(`${b.title} (vitest: ${b.project})`, ['--project', b.project], b.report, true));
        const main = await vitest(
          `Tests (vitest: ${others.join(', ')})`,
          others.flatMap((name) => ['--project', name]),
          'test-results/vitest.json',
        );
        const beside = await Promise.all([...besideRuns, unitRun!]);
        const timed = await vitest(
          'Timed tests (vitest: reliability-timed)',
          ['--project', 'reliability-timed'],
          'test-results/vitest-timed.json',
        );
        return [main, ...beside, timed];
      })();

const passed = runs.reduce((n, r) => n + r.passed, 0);
let failed = runs.reduce((n, r) => n + r.failed, 0);
const skipped = runs.reduce((n, r) => n + r.skipped, 0);
const statusBad = runs.some((r) => r.status !== 0);
// A skipped test is a test that did not run: it fails the suite (a missing browser used to skip 69).
if (skipped > 0) console.log(`\n${skipped} test(s) were skipped; every test must run.`);
if ((statusBad || skipped > 0) && failed === 0) failed = 1;
// The type tests ran beside the tests (their block is printed as it ends); a failure fails the run.
if (!(await typeTestsDone)) {
  console.log('\nThe type tests failed (above).');
  failed += 1;
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
