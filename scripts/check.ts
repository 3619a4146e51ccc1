/**
 * `npm run check`: every static check, none of them a test (they read the sources and assert nothing
 * about what the product does), so outside `npm test` and its time budget; CI runs them before the
 * tests. Two at a time on the two cores, the longest first, each one's output printed whole when it
 * ends; any failure fails the command, after all have run, so one run reports every finding.
 */
import { bin, printed, runQuiet, step } from './lib/quiet-steps.ts';

const CHECKS = [
  step('Type check of every .ts file and the type-aware rules (oxlint, typescript-go)', bin('oxlint'), [
    '--type-aware',
    '--type-check',
    '--deny-warnings',
  ]),
  step('Lint and module boundaries (ESLint)', bin('eslint'), ['.', '--max-warnings', '0']),
  step('Type check of the .astro files (astro check)', bin('astro'), ['check', '--tsconfig', 'tsconfig.astro.json']),
  step('Format (Prettier)', bin('prettier'), ['--check', '.']),
  step('Unused files, exports and dependencies (knip)', bin('knip'), []),
];

const AT_ONCE = 2;
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
const queue = [...CHECKS];
let failed = 0;
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const result = await runQuiet(next, env);
      console.log(printed(result));
      if (!result.ok) failed++;
    }
  }),
);
console.log(failed === 0 ? `\nAll ${CHECKS.length} checks passed.` : `\n${failed} of ${CHECKS.length} checks failed.`);
process.exit(failed === 0 ? 0 : 1);
