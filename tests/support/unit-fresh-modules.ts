import { vi } from 'vitest';

/**
 * The unit files share their workers' module cache (no isolation: importing zod, drizzle, unified
 * and viem once per worker instead of once per file is most of the lane's time). What a file may
 * change for itself is put back before the next one: the environment as the worker started with
 * it, and the project's own modules evaluated afresh (several read the environment once, such as
 * the database client), while the libraries in node_modules stay loaded.
 */
const started = ((globalThis as { __unitEnv?: NodeJS.ProcessEnv }).__unitEnv ??= { ...process.env });
for (const key of Object.keys(process.env)) if (!(key in started)) delete process.env[key];
Object.assign(process.env, started);
vi.resetModules();
