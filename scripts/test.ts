/**
 * `npm test`: lint, format check, type check, production build, then every vitest project (unit,
 * API, browser, reliability), ending with one summary line 'N passed, N failed' that CI reads.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync, rmSync } from 'node:fs';
import { resolveChromium } from './lib/chromium.ts';

const bin = (name: string) => `node_modules/.bin/${name}`;
const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
const extra = process.argv.slice(2);

function step(title: string, cmd: string, args: string[]) {
  console.log(`\n=== ${title}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.log(`\n${title} failed.`);
    console.log('0 passed, 1 failed');
    process.exit(r.status ?? 1);
  }
}

// The browser tests are part of the suite: find the browser before anything else, and stop if there
// is none. Resolving once here also unpacks the npm-shipped build before parallel workers need it.
try {
  const browser = await resolveChromium();
  env.CHROMIUM_PATH = browser.path;
  console.log(`Chromium for the browser tests: ${browser.path} (${browser.source})`);
} catch (error) {
  console.error(`Browser tests need Chromium and none was found: ${(error as Error).message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

if (!process.env.SKIP_CHECK) {
  step('Lint (eslint)', bin('eslint'), ['.', '--max-warnings', '0']);
  step('Unused files, exports and dependencies (knip)', bin('knip'), []);
  step('Format check (prettier)', bin('prettier'), ['--check', '.']);
  step('Type check (astro check)', bin('astro'), ['check']);
}
if (!process.env.SKIP_BUILD) step('Build', bin('astro'), ['build']);

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
// A run that crashes before vitest writes its report must not be summed up from the previous run's.
rmSync(report, { force: true });
console.log('\n=== Tests (vitest: unit, api, e2e, reliability)');
// A run that hangs (a child that never answers, a full disk) is stopped well inside CI's 90 minutes,
// so the log ends with what ran and a summary instead of a cut-off.
const VITEST_LIMIT_MS = Number(process.env.TEST_TIME_LIMIT_MIN ?? 70) * 60_000;
const run = spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra], {
  stdio: 'inherit',
  env,
  timeout: VITEST_LIMIT_MS,
  killSignal: 'SIGKILL',
});
if (run.error) console.log(`\nvitest did not finish within ${VITEST_LIMIT_MS / 60_000} minutes (${run.error.message}); stopped.`);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  passed = r.numPassedTests;
  failed = r.numFailedTests;
  skipped = r.numPendingTests + r.numTodoTests;
}
// A skipped test is a test that did not run: it fails the suite (a missing browser used to skip 69).
if (skipped > 0) console.log(`\n${skipped} test(s) were skipped; every test must run.`);
if ((run.status !== 0 || skipped > 0) && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? run.status || 1 : 0);
