/** Migrates and seeds the database named by DATABASE_URL without starting the server (used for Netlify builds). */
import { existsSync } from 'node:fs';
import { prepareDatabase } from '../src/lib/server/setup/prepare.ts';
import { prepareContent } from '../src/lib/server/content/sync.ts';
import { configOrExit } from '../src/lib/server/config.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = configOrExit();
const result = { ...(await prepareDatabase(config)), content: await prepareContent(process.env) };
console.log(JSON.stringify({ ...result, admin: { ...result.admin, generatedPassword: result.admin.generatedPassword } }, null, 2));
