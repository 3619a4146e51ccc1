/**
 * Migrates and seeds the database without starting the server (Netlify's build command runs it),
 * then brings the content index up to date. Saves still open are delivered when the remote takes
 * them, and left open otherwise: a build's checkout is thrown away, so a row is marked done only
 * once it is pushed (src/lib/server/content/outbox.ts).
 *
 * On Netlify: only the production context sets up DATABASE_URL (build-plan.ts), and a deploy that
 * could not keep saves (no CONTENT_GIT_REMOTE) is refused with one line.
 */
import { existsSync } from 'node:fs';
import { buildPlan } from '#lib/server/setup/build-plan.ts';
import { configOrExit } from '#lib/server/config.ts';
import { functionHostProblem, readOnlyContentProblem } from '#lib/server/content/host.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = configOrExit();
const plan = buildPlan(config);
if (plan.action !== 'setup') {
  (plan.action === 'skip' ? console.log : console.error)(plan.reason);
  process.exit(plan.action === 'skip' ? 0 : 1);
}
const onNetlify = config.deployTarget === 'netlify';
const problem = onNetlify ? functionHostProblem(config.content) : await readOnlyContentProblem(config.content);
if (problem) {
  console.error(problem);
  process.exit(1);
}
// The modules the setup itself uses (the database driver and ORM, the content, git) are loaded only
// now: a build this plan skips or refuses ends in well under a second, not after seconds of loading.
const [{ prepareDatabaseOrExit }, { purgeTags }, { prepareContent }] = await Promise.all([
  import('#lib/server/setup/prepare.ts'),
  import('#lib/server/cache/cdn.ts'),
  import('#lib/server/content/sync.ts'),
]);
if (plan.note) console.log(plan.note);
// The database the plan chose, for both steps; on Netlify, content goes through the remote (library
// mode) as it does in the functions: the build's checkout is detached and thrown away.
const env = {
  ...process.env,
  DATABASE_URL: plan.database.url,
  DATABASE_AUTH_TOKEN: plan.database.authToken ?? '',
  ...(onNetlify ? { CONTENT_GIT: 'library' } : {}),
};
// The build is no function (no Netlify global): a migration that rewrote what answers show purges the CDN by the API.
const setup = await prepareDatabaseOrExit({ ...config, database: plan.database }, undefined, (tags) =>
  purgeTags(tags, { netlify: onNetlify }),
);
const content = await prepareContent(env);
console.log(JSON.stringify({ ...setup, content }, null, 2));
