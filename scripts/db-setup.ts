/** Migrates and seeds the database named by DATABASE_URL without starting the server (used for Netlify builds). */
import { existsSync } from 'node:fs';
import { prepareDatabase } from '../db/setup.ts';
import { configOrExit } from '../src/lib/server/config.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = configOrExit();
const result = await prepareDatabase(config);
console.log(JSON.stringify({ ...result, admin: { ...result.admin, generatedPassword: result.admin.generatedPassword } }, null, 2));
