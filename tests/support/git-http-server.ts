import { execFileSync, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';

/** Debian's git ships the smart-HTTP CGI program here. */
const HTTP_BACKEND = join(execFileSync('git', ['--exec-path'], { encoding: 'utf8' }).trim(), 'git-http-backend');

export interface GitHttpServer {
  url: (repo: string) => string;
  /** Requests seen, for asserting what the client sent. */
  requests: { method: string; path: string; authorized: boolean }[];
  close: () => Promise<void>;
  listen: () => Promise<void>;
  /** Runs once, just before the next push's pack is received: to make "someone else pushed first" happen mid-push. */
  beforeNextPush: (fn: () => void) => void;
}

/**
 * A real git server on loopback: `git http-backend` (smart HTTP, fetch and push) run as CGI for
 * each request by a small Node HTTP server, serving the bare repositories under `root`. When
 * `token` is set, a request without `Authorization: Basic base64(x-access-token:<token>)` gets 401.
 */
export async function startGitHttpServer(root: string, token?: string, port = 0): Promise<GitHttpServer> {
  const expected = token ? `Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}` : null;
  const requests: GitHttpServer['requests'] = [];
  let server: Server;
  let boundPort = port;
  let hook: (() => void) | null = null;

  const handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const authorized = !expected || req.headers.authorization === expected;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, authorized });
    if (!authorized) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end('unauthorized');
      return;
    }
    if (req.method === 'POST' && url.pathname.endsWith('/git-receive-pack') && hook) {
      const run = hook;
      hook = null;
      run();
    }
    const cgi = spawn(HTTP_BACKEND, [], {
      env: {
        PATH: process.env.PATH ?? '',
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        REMOTE_USER: 'test',
        REMOTE_ADDR: '127.0.0.1',
        REQUEST_METHOD: req.method ?? 'GET',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        HTTP_CONTENT_ENCODING: String(req.headers['content-encoding'] ?? ''),
        GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
      },
    });
    req.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on('data', (d: Buffer) => chunks.push(d));
    cgi.on('close', () => {
      const out = Buffer.concat(chunks);
      const split = out.indexOf('\r\n\r\n');
      const head = out.subarray(0, split).toString('latin1');
      const body = out.subarray(split + 4);
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of head.split('\r\n')) {
        const [key, ...rest] = line.split(':');
        const value = rest.join(':').trim();
        if (key.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
        else if (key) headers[key] = value;
      }
      res.writeHead(status, headers).end(body);
    });
  };

  const listen = () =>
    new Promise<void>((ok) => {
      server = createServer(handler);
      server.listen(boundPort, '127.0.0.1', () => {
        boundPort = (server.address() as { port: number }).port;
        ok();
      });
    });
  await listen();
  return {
    url: (repo) => `http://127.0.0.1:${boundPort}/${repo}`,
    requests,
    listen,
    beforeNextPush: (fn) => {
      hook = fn;
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
