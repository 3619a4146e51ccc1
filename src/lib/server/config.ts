/**
 * The one place the server's environment is declared and read: each variable once, with its type
 * and default. A malformed value stops the start with one line naming the variable (ConfigError),
 * instead of surfacing later as a broken page. Imported by scripts/serve.ts and scripts/db-setup.ts
 * (run by Node directly, hence relative imports only) and by the built server.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

/** libSQL URL schemes @libsql/client understands. */
const DATABASE_SCHEMES = ['file:', 'libsql:', 'http:', 'https:', 'ws:', 'wss:'];

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const port = z.preprocess(
  blank,
  z
    .string()
    .regex(/^\d{1,5}$/, 'expected a port number (1-65535)')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 65535, 'expected a port number (1-65535)')
    .default(4321),
);

const siteUrl = z.preprocess(
  blank,
  z
    .string()
    .refine((v) => URL.canParse(v), 'expected an absolute http(s) URL such as https://example.com')
    .transform((v) => new URL(v))
    .refine((u) => u.protocol === 'http:' || u.protocol === 'https:', 'expected an http:// or https:// URL')
    .refine(
      (u) => (u.pathname === '/' || u.pathname === '') && !u.search && !u.hash,
      'expected an origin without a path, such as https://example.com',
    )
    .refine((u) => !u.username && !u.password, 'expected an origin without credentials')
    .transform((u) => u.origin)
    .optional(),
);

const databaseUrl = z.preprocess(
  blank,
  z
    .string()
    .refine((v) => DATABASE_SCHEMES.some((s) => v.startsWith(s)), `expected a libSQL URL starting with ${DATABASE_SCHEMES.join(', ')}`)
    .default('file:./data/app.db'),
);

/** Comma-separated IP addresses of the reverse proxies allowed to say who the client is (X-Forwarded-For). */
const addressList = z.preprocess(
  blank,
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((a) => isIP(a) !== 0), 'expected comma-separated IP addresses')
    .default([]),
);

const optionalString = z.preprocess(blank, z.string().optional());

/** Every variable the server reads. */
const EnvSchema = z.object({
  HOST: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[\w.:-]+$/, 'expected a host name or IP address')
      .default('localhost'),
  ),
  PORT: port,
  SITE_URL: siteUrl,
  DATABASE_URL: databaseUrl,
  DATABASE_AUTH_TOKEN: optionalString,
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  TRUSTED_PROXIES: addressList,
  QUIET_START: optionalString,
  /** Build switch read by astro.config.mjs: `netlify` builds for Netlify Functions. */
  DEPLOY_TARGET: z.preprocess(blank, z.enum(['node', 'netlify']).default('node')),
});

export interface AppConfig {
  host: string;
  port: number;
  /** The public origin (scheme://host[:port]) every absolute URL is built from. */
  origin: string;
  /** True when the origin is https: cookies are Secure and HSTS is sent, whatever the socket is. */
  https: boolean;
  database: { url: string; authToken?: string };
  admin: { username?: string; password?: string };
  trustedProxies: string[];
  quietStart: boolean;
  /** SITE_URL was given (not derived from HOST and PORT). */
  siteUrlSet: boolean;
  deployTarget: 'node' | 'netlify';
}

/** A malformed variable: its message is one line that names it. */
export class ConfigError extends Error {}

/** The origin a server listening on host:port is reached at (0.0.0.0 / :: mean "this machine"). */
export function listenOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' ? 'localhost' : host === '::' ? '[::1]' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    const value = env[name];
    const shown =
      name === 'ADMIN_PASSWORD' || name === 'DATABASE_AUTH_TOKEN' || value === undefined ? '' : ` (got ${JSON.stringify(value)})`;
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}${shown}.`);
  }
  const e = result.data;
  const origin = e.SITE_URL ?? listenOrigin(e.HOST, e.PORT);
  return {
    host: e.HOST,
    port: e.PORT,
    origin,
    https: origin.startsWith('https:'),
    database: { url: e.DATABASE_URL, authToken: e.DATABASE_AUTH_TOKEN },
    admin: { username: e.ADMIN_USERNAME?.trim() || undefined, password: e.ADMIN_PASSWORD },
    trustedProxies: e.TRUSTED_PROXIES,
    quietStart: Boolean(e.QUIET_START),
    siteUrlSet: e.SITE_URL !== undefined,
    deployTarget: e.DEPLOY_TARGET,
  };
}

let cached: AppConfig | undefined;

/** The process's configuration, parsed once from process.env (throws ConfigError when malformed). */
export function config(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/** For entry scripts: the configuration, or one line on stderr naming the bad variable and exit 1. */
export function configOrExit(): AppConfig {
  try {
    return config();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/** The public origin every absolute URL is built from; never the request's Host or forwarded headers. */
export function siteOrigin(): string {
  return config().origin;
}

/**
 * What pre-rendered pages are built with as their origin (node builds): scripts/serve.ts replaces it
 * with the configured origin when it loads them, so one build serves any origin. `.invalid` never resolves.
 */
export const PRERENDER_ORIGIN = 'https://prerender-origin.invalid';
