/**
 * npm run content:reindex: commits any open saves, then rebuilds the database's index of posts and
 * articles from CONTENT_DIR (default ./content) whatever it held. For a checkout that was pulled or
 * edited by hand while the server was stopped (the server also does this on start when the files moved on).
 */
import { existsSync } from 'node:fs';
import { prepareDatabase } from '#lib/server/setup/prepare.ts';
import { prepareContent } from '#lib/server/content/sync.ts';
import { configOrExit } from '#lib/server/config.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
await prepareDatabase(configOrExit());
const result = await prepareContent(process.env, { force: true });
console.log(`content: ${result.items} items indexed`);
for (const problem of result.skipped) console.warn(`content: skipped ${problem}`);
