/**
 * The one place the server's environment is declared and read: each variable once, with its type
 * and default. A malformed value stops the start with one line naming the variable (ConfigError),
 * instead of surfacing later as a broken page. Imported by scripts/serve.ts and scripts/db-setup.ts
 * (run by Node directly) and by the built server.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { Cron } from 'croner';
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

/** A whole number of at least 1 (block counts, milliseconds). */
const positiveInt = (fallback: number) =>
  z.preprocess(
    blank,
    z
      .string()
      .regex(/^\d+$/, 'expected a whole number of at least 1')
      .transform(Number)
      .refine((n) => Number.isSafeInteger(n) && n >= 1, 'expected a whole number of at least 1')
      .default(fallback),
  );

const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * The content repository's URL: https, or plain http only on this machine (the test git server),
 * because the token travels in a header. No credentials inside it: they belong in CONTENT_GIT_TOKEN
 * (a URL is printed in logs and error messages; a token is not).
 */
const gitRemote = z.preprocess(
  blank,
  z
    .string()
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      const u = URL.canParse(v) ? new URL(v) : undefined;
      const problem = !u
        ? 'expected an https:// repository URL'
        : !(u.protocol === 'https:' || (u.protocol === 'http:' && isLoopback(u.hostname)))
          ? 'expected an https:// repository URL (http:// only for localhost)'
          : u.username || u.password
            ? 'expected a URL without credentials (put the token in CONTENT_GIT_TOKEN)'
            : undefined;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
);

/** A branch name git accepts and that cannot be read as an option (it ends up in git's arguments). */
const gitBranch = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .regex(/^(?![-/.])(?!.*\.\.)(?!.*\/\/)[\w./-]+(?<![/.])$/, 'expected a git branch name such as main')
    .refine((v) => !v.endsWith('.lock'), 'expected a git branch name such as main')
    .optional(),
);

/** A folder inside the content repository: leading/trailing slashes dropped, "" or "." is the root, never "..". */
const repoPath = z.preprocess(
  blank,
  z
    .string()
    .transform((v) => v.trim().replace(/^[./]+$|^\/+|\/+$/g, ''))
    .refine((v) => !v.split('/').includes('..'), 'expected a folder inside the repository (no "..")')
    .default('content'),
);

const httpUrl = (example: string) =>
  z.string().refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), `expected an http(s) URL such as ${example}`);

/** A cron expression (UTC) as croner reads it, checked here so a typo stops the start instead of silently disabling the schedule. */
const cron = z.preprocess(
  blank,
  z
    .string()
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      try {
        new Cron(v, { paused: true, timezone: 'UTC' }).stop();
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: `expected a cron expression such as "30 1 * * *" (${(e as Error).message})` });
      }
    })
    .optional(),
);

/** Every variable the server reads (per-chain RPC URLs, named by the registry, go through rpcUrl()). */
const EnvSchema = z.object({
  // Server
  HOST: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[\w.:-]+$/, 'expected a host name or IP address')
      .default('localhost'),
  ),
  PORT: port,
  SITE_URL: siteUrl,
  QUIET_START: optionalString,
  /** Build switch read by astro.config.mjs: `netlify` builds for Netlify Functions. */
  DEPLOY_TARGET: z.preprocess(blank, z.enum(['node', 'netlify']).default('node')),
  /** Set by Netlify (the site's URL); read by the scheduled function to reach the background one. */
  URL: optionalString,
  /** Set by Netlify in builds: production, deploy-preview, branch-deploy (npm run db:setup migrates only in production). */
  CONTEXT: optionalString,
  /** A deploy preview's or branch deploy's own database: the only one their build may migrate. */
  DEPLOY_PREVIEW_DATABASE_URL: z.preprocess(
    blank,
    z
      .string()
      .refine((v) => DATABASE_SCHEMES.some((s) => v.startsWith(s)), `expected a libSQL URL starting with ${DATABASE_SCHEMES.join(', ')}`)
      .optional(),
  ),
  DEPLOY_PREVIEW_DATABASE_AUTH_TOKEN: optionalString,

  // Database
  DATABASE_URL: databaseUrl,
  DATABASE_AUTH_TOKEN: optionalString,

  // Admin
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,

  // Proxies
  TRUSTED_PROXIES: addressList,

  // Content (posts and articles as files, committed to git)
  CONTENT_DIR: z.preprocess(blank, z.string().default('content')),
  CONTENT_GIT: z.preprocess(
    (v) => (typeof v === 'string' ? blank(v.trim().toLowerCase()) : v),
    z.enum(['auto', 'off', 'library'], { message: 'expected off, library or auto (empty)' }).default('auto'),
  ),
  CONTENT_GIT_REMOTE: gitRemote,
  CONTENT_GIT_TOKEN: optionalString,
  CONTENT_GIT_BRANCH: gitBranch,
  CONTENT_GIT_PATH: repoPath,

  // Ingest (live data)
  INGEST_REGISTRY: optionalString,
  INGEST_SCHEDULE: cron,
  INGEST_MAX_CHANGE: z.preprocess(
    blank,
    z
      .string()
      .refine((v) => /^\d*\.?\d+$/.test(v.trim()) && Number(v) > 0, 'expected a fraction greater than 0, such as 0.5')
      .transform(Number)
      .default(0.5),
  ),
  DEFILLAMA_STABLECOINS_URL: z.preprocess(
    blank,
    httpUrl('https://stablecoins.llama.fi')
      .transform((v) => v.replace(/\/+$/, ''))
      .default('https://stablecoins.llama.fi'),
  ),
  /** DefiLlama's free TVL API (protocol figures per chain: the long tail no chain reader covers). */
  DEFILLAMA_TVL_URL: z.preprocess(
    blank,
    httpUrl('https://api.llama.fi')
      .transform((v) => v.replace(/\/+$/, ''))
      .default('https://api.llama.fi'),
  ),
  INGEST_TRIGGER_SECRET: optionalString,
  /**
   * on (default): a server that starts with no published run, or one older than a day, starts a run
   * in the background (Netlify: the first request after a deploy starts the background function).
   */
  INGEST_AUTO: z.preprocess(
    (v) => (typeof v === 'string' ? blank(v.trim().toLowerCase()) : v),
    z.enum(['on', 'off'], { message: 'expected on or off' }).default('on'),
  ),
  /** First and largest block range of one eth_getLogs request: 10,000 is what Infura and QuickNode allow. */
  INGEST_LOG_SPAN: positiveInt(10_000),
  INGEST_MAX_LOG_SPAN: positiveInt(10_000),
  /** A jump of a published figure beyond this factor holds it (DefiLlama's rule: 5x). */
  INGEST_MAX_JUMP: z.preprocess(
    blank,
    z
      .string()
      .refine((v) => /^\d*\.?\d+$/.test(v.trim()) && Number(v) > 1, 'expected a factor greater than 1, such as 5')
      .transform(Number)
      .default(5),
  ),
  /** The block a day's close is searched below: finalized (default), safe, or latest (local chains only). */
  INGEST_HEAD_TAG: z.preprocess(
    blank,
    z.enum(['finalized', 'safe', 'latest'], { message: 'expected finalized, safe or latest' }).default('finalized'),
  ),
  /** A chain whose head is older than this many seconds is failing (its node lags); 0: no bound. */
  INGEST_MAX_HEAD_AGE: z.preprocess(
    blank,
    z.string().regex(/^\d+$/, 'expected a whole number of seconds, such as 3600 (0: no bound)').transform(Number).default(3600),
  ),
  /**
   * How long a run waits for a chain's finalized head to pass the day's end (the close) before it
   * reads the day at an earlier block, said so in the run's record; 0: no wait.
   */
  INGEST_CLOSE_WAIT: z.preprocess(
    blank,
    z.string().regex(/^\d+$/, 'expected a whole number of seconds, such as 2700 (0: no wait)').transform(Number).default(2700),
  ),
  /** First retry delay after a rate limit or server error (doubles each attempt). */
  INGEST_BACKOFF_MS: positiveInt(500),
  INGEST_RPC_TIMEOUT_MS: positiveInt(30_000),
  /**
   * Seconds a run may read, all sources and retries included (ingest/budget.ts); a head-first run's
   * logs stop at their checkpoint within it (the next run resumes there). 780 leaves a 15-minute
   * Netlify background function two minutes to publish and close.
   */
  INGEST_TIME_BUDGET_S: positiveInt(780),

  // Alerts (webhook deliveries)
  /** First retry delay of a failed webhook delivery (doubles each attempt, at most 8 attempts). */
  ALERTS_WEBHOOK_BACKOFF_MS: positiveInt(30_000),
  /** Timeout of one webhook delivery, connection to last byte. */
  ALERTS_WEBHOOK_TIMEOUT_MS: positiveInt(10_000),
  /**
   * The key webhook secrets are stored encrypted with (AES-256-GCM): 32 bytes as 64 hex digits
   * (`openssl rand -hex 32`). Unset: the secrets are stored as made, and Settings and the start say so.
   */
  ALERTS_WEBHOOK_KEY: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex digits (32 bytes), such as the output of `openssl rand -hex 32`')
      .optional(),
  ),
  /** Tests only: 1 lets webhooks reach loopback addresses (127.0.0.0/8, ::1); every other internal address stays refused. */
  ALERTS_WEBHOOK_ALLOW_LOOPBACK: z.preprocess(blank, z.enum(['0', '1'], { message: 'expected 1 or 0' }).default('0')),

  // MCP endpoint (/mcp): its limits per request and per client address
  /** The largest request body /mcp reads, in bytes (a JSON-RPC message asks for little). */
  MCP_MAX_BODY_BYTES: positiveInt(64 * 1024),
  /** How long one /mcp request may take, its body's arrival included, in milliseconds. */
  MCP_TIMEOUT_MS: positiveInt(10_000),
  /** Requests one client address may make to /mcp per window (MCP_RATE_WINDOW_S). */
  MCP_RATE_LIMIT: positiveInt(120),
  MCP_RATE_WINDOW_S: positiveInt(60),

  // Test-only
  /** Every public endpoint of the registry is asked at this origin instead (its host as the first path segment). */
  INGEST_PUBLIC_RPC_ORIGIN: z.preprocess(
    blank,
    httpUrl('http://127.0.0.1:8545')
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  /** A file holding a clock offset (ms) added to "now" for scheduled publishing; never set in production. */
  TEST_CLOCK_FILE: optionalString,
});

/** The names the schema declares (README's table and .env.example list each one). */
export const ENV_NAMES = Object.keys(EnvSchema.shape);

/** Variables whose values are never echoed in an error (secrets, and URLs that may carry keys). */
const SECRET = new Set([
  'ADMIN_PASSWORD',
  'DATABASE_AUTH_TOKEN',
  'DEPLOY_PREVIEW_DATABASE_AUTH_TOKEN',
  'CONTENT_GIT_TOKEN',
  'CONTENT_GIT_REMOTE',
  'INGEST_TRIGGER_SECRET',
  'ALERTS_WEBHOOK_KEY',
  // Keyed plans put the key in the path.
  'DEFILLAMA_STABLECOINS_URL',
  'DEFILLAMA_TVL_URL',
]);

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
  /** The site's URL as Netlify sets it (Netlify functions only). */
  netlifyUrl?: string;
  /** Netlify's deploy context (builds): production, deploy-preview, branch-deploy. */
  netlifyContext?: string;
  /** DEPLOY_PREVIEW_DATABASE_URL / _AUTH_TOKEN: the database a non-production Netlify build sets up. */
  previewDatabase?: { url: string; authToken?: string };
  content: ContentConfig;
  ingest: IngestConfig;
  /** Webhook deliveries of alerts (src/lib/server/alerts/deliver.ts). */
  alerts: {
    backoffMs: number;
    timeoutMs: number;
    allowLoopback: boolean;
    /** ALERTS_WEBHOOK_KEY as bytes: the webhook secrets are stored encrypted with it; undefined: as made. */
    secretKey?: Buffer;
  };
  /** The MCP endpoint's limits (src/lib/server/mcp/limits.ts). */
  mcp: { maxBodyBytes: number; timeoutMs: number; rateLimit: number; rateWindowMs: number };
  /** Test-only: the clock-offset file (see clock.ts). */
  testClockFile?: string;
}

/**
 * Where the content files live and how they reach git:
 * - dir (CONTENT_DIR): the folder holding blog/, research/ and media/ (default ./content).
 * - git (CONTENT_GIT): 'off' writes the files without committing; otherwise every save is committed in
 *   the git work tree that holds CONTENT_DIR (one is created with `git init` in CONTENT_DIR when
 *   there is none). Without a git binary on the host (Netlify), or with 'library', commits are made
 *   with isomorphic-git in a clone of CONTENT_GIT_REMOTE and pushed; with neither, git is off.
 * - remote (CONTENT_GIT_REMOTE, an https URL, and CONTENT_GIT_TOKEN): commits are pushed there after
 *   saves, to CONTENT_GIT_BRANCH (default: the current branch); CONTENT_GIT_PATH is the content folder
 *   inside that repository (library mode, default 'content').
 */
export interface ContentConfig {
  dir: string;
  /** 'off': files only; 'library': isomorphic-git into a clone of the remote; 'auto': the CLI when present, else the library when a remote is set. */
  git: 'auto' | 'off' | 'library';
  remote?: { url: string; token?: string; branch?: string; /** The content folder inside the remote repository. */ path: string };
}

export interface IngestConfig {
  /** INGEST_REGISTRY, resolved; unset: the registry in git. */
  registry?: string;
  /** Cron expression (UTC) for the in-process daily ingest; unset: off. */
  schedule?: string;
  /** Circuit-breaker bound on a published total's move between runs (a fraction). */
  maxChange: number;
  /** DefiLlama stablecoins API base, without a trailing slash. */
  defillamaUrl: string;
  /** DefiLlama TVL API base (protocols), without a trailing slash. */
  defillamaTvlUrl: string;
  triggerSecret?: string;
  /** INGEST_AUTO: start a run by itself when none is published or the last is over a day old. */
  auto: boolean;
  /** Tests only: the origin every registry public endpoint is rewritten to. */
  publicRpcOrigin?: string;
  logSpan: number;
  maxLogSpan: number;
  /** A figure jumping beyond this factor is held. */
  maxJump: number;
  headTag: 'finalized' | 'safe' | 'latest';
  /** Seconds; 0: no bound. */
  maxHeadAge: number;
  /** Seconds a run waits for the finalized head to pass the day's end; 0: no wait. */
  closeWait: number;
  backoffMs: number;
  rpcTimeoutMs: number;
  /** Seconds of log reading per run (head first); the rest resumes at the checkpoints. */
  timeBudgetS: number;
}

/** A malformed variable: its message is one line that names it. */
export class ConfigError extends Error {}

/** The origin a server listening on host:port is reached at (0.0.0.0 / :: mean "this machine"). */
function listenOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' ? 'localhost' : host === '::' ? '[::1]' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    const value = env[name];
    throw invalid(name, issue.message, SECRET.has(name) ? undefined : value);
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
    netlifyUrl: e.URL,
    netlifyContext: e.CONTEXT?.trim() || undefined,
    previewDatabase: e.DEPLOY_PREVIEW_DATABASE_URL
      ? { url: e.DEPLOY_PREVIEW_DATABASE_URL, authToken: e.DEPLOY_PREVIEW_DATABASE_AUTH_TOKEN }
      : undefined,
    content: {
      dir: resolve(e.CONTENT_DIR.trim()),
      git: e.CONTENT_GIT,
      remote: e.CONTENT_GIT_REMOTE
        ? {
            url: e.CONTENT_GIT_REMOTE,
            token: e.CONTENT_GIT_TOKEN?.trim() || undefined,
            branch: e.CONTENT_GIT_BRANCH,
            path: e.CONTENT_GIT_PATH,
          }
        : undefined,
    },
    ingest: {
      registry: e.INGEST_REGISTRY ? resolve(e.INGEST_REGISTRY) : undefined,
      schedule: e.INGEST_SCHEDULE,
      maxChange: e.INGEST_MAX_CHANGE,
      defillamaUrl: e.DEFILLAMA_STABLECOINS_URL,
      defillamaTvlUrl: e.DEFILLAMA_TVL_URL,
      triggerSecret: e.INGEST_TRIGGER_SECRET,
      auto: e.INGEST_AUTO === 'on',
      publicRpcOrigin: e.INGEST_PUBLIC_RPC_ORIGIN,
      logSpan: e.INGEST_LOG_SPAN,
      maxLogSpan: e.INGEST_MAX_LOG_SPAN,
      maxJump: e.INGEST_MAX_JUMP,
      headTag: e.INGEST_HEAD_TAG,
      maxHeadAge: e.INGEST_MAX_HEAD_AGE,
      closeWait: e.INGEST_CLOSE_WAIT,
      backoffMs: e.INGEST_BACKOFF_MS,
      rpcTimeoutMs: e.INGEST_RPC_TIMEOUT_MS,
      timeBudgetS: e.INGEST_TIME_BUDGET_S,
    },
    alerts: {
      backoffMs: e.ALERTS_WEBHOOK_BACKOFF_MS,
      timeoutMs: e.ALERTS_WEBHOOK_TIMEOUT_MS,
      allowLoopback: e.ALERTS_WEBHOOK_ALLOW_LOOPBACK === '1',
      secretKey: e.ALERTS_WEBHOOK_KEY === undefined ? undefined : Buffer.from(e.ALERTS_WEBHOOK_KEY, 'hex'),
    },
    mcp: {
      maxBodyBytes: e.MCP_MAX_BODY_BYTES,
      timeoutMs: e.MCP_TIMEOUT_MS,
      rateLimit: e.MCP_RATE_LIMIT,
      rateWindowMs: e.MCP_RATE_WINDOW_S * 1000,
    },
    testClockFile: e.TEST_CLOCK_FILE,
  };
}

/** One line naming the variable; the value only when it is not secret (and one line of it). */
function invalid(name: string, message: string, value?: string): ConfigError {
  const shown = value === undefined ? '' : ` (got ${JSON.stringify(value)})`;
  return new ConfigError(`Invalid environment variable ${name}: ${message.replace(/\s+/g, ' ')}${shown}.`);
}

/**
 * A chain's JSON-RPC URL. Its variable's name comes from the registry (`rpcEnv`, e.g. RPC_URL_ETHEREUM),
 * so it cannot be a field of the schema: it is checked here, the same way. Undefined when unset (the
 * ingest then says which chain has no URL); a malformed value throws a ConfigError naming the variable.
 * The value is never echoed: provider URLs carry API keys. http(s) only: the ingest's transport is HTTP.
 */
export function rpcUrl(env: Record<string, string | undefined>, name: string): string | undefined {
  const value = blank(env[name]) as string | undefined;
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw invalid(name, 'expected an http(s) JSON-RPC URL');
  return value;
}

let cached: AppConfig | undefined;

/** The process's configuration, parsed once from process.env (throws ConfigError when malformed). */
export function config(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/** The configuration of an environment: the process's is parsed once; one a test or script passes in, each time. */
export function configFor(env: Record<string, string | undefined>): AppConfig {
  return env === process.env ? config() : parseConfig(env);
}

/** For entry scripts: the configuration, or one line on stderr naming the bad variable and exit 1. */
export function configOrExit(): AppConfig {
  try {
    return config();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    exitOnConfigError(err);
  }
}

/** How an entry script ends on a bad variable: the error's one line on stderr, exit 1. */
export function exitOnConfigError(err: ConfigError): never {
  console.error(err.message);
  process.exit(1);
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
