/**
 * The production shape in the tests: a real libSQL server (sqld, scripts/lib/sqld.ts) with JWT auth,
 * a content remote served over HTTP on loopback (git-http-server.ts), and site instances sharing
 * both: Node servers (scripts/serve.ts, git CLI in their own clone) and library-mode instances that
 * run the app as a Netlify function would (scripts/lib/library-server.ts, isomorphic-git).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSqld, type RunningSqld } from '../../scripts/lib/sqld.ts';
import { startGitHttpServer, type GitHttpServer } from './git-http-server.ts';
import { gitOut } from './git.ts';
import { scratchContentRepo, startServer, type RunningServer } from './server.ts';

export { startSqld, type RunningSqld };

const LIBRARY_SERVER = 'scripts/lib/library-server.ts';
export const GIT_TOKEN = 'sqld-lane-token';

export interface ContentRemote {
  dir: string;
  /** The bare repository the remote serves. */
  bare: string;
  git: GitHttpServer;
  url: string;
  /** Full messages of the remote branch's commits, newest first. */
  messages: () => string[];
}

/** A bare remote seeded with the starter content, served over smart HTTP on loopback. */
export async function startContentRemote(dir = mkdtempSync(join(tmpdir(), 'rwa-remote-'))): Promise<ContentRemote> {
  const { repo } = scratchContentRepo(join(dir, 'seed'));
  const remotes = join(dir, 'remotes');
  const bare = join(remotes, 'content.git');
  mkdirSync(remotes, { recursive: true });
  gitOut(dir, 'clone', '--quiet', '--bare', repo, bare);
  const git = await startGitHttpServer(remotes, GIT_TOKEN);
  return {
    dir,
    bare,
    git,
    url: git.url('content.git'),
    messages: () =>
      gitOut(bare, 'log', '--format=%B%x1e', 'main')
        .split('\x1e')
        .map((m) => m.trim())
        .filter(Boolean),
  };
}

/** How many commits on the remote carry each Content-Revision trailer (exactly-once checks). */
export function trailerCounts(messages: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of messages) for (const [, uid] of m.matchAll(/^Content-Revision: (\S+)$/gm)) counts.set(uid, (counts.get(uid) ?? 0) + 1);
  return counts;
}

export type InstanceKind = 'node' | 'library';

/**
 * One site instance on the libSQL server and the remote. A Node server works in its own clone of
 * the remote (git CLI, pushing there); a library-mode instance commits through isomorphic-git in a
 * clone under its own temp folder (two instances on one machine must not share it).
 */
export async function startInstance(
  kind: InstanceKind,
  sqld: RunningSqld,
  remote: ContentRemote,
  options: { dir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), `rwa-${kind}-`));
  const checkout = join(dir, 'content-repo');
  if (!options.dir) gitOut(dir, 'clone', '--quiet', remote.bare, checkout);
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const server = await startServer({
    dir,
    script: kind === 'library' ? LIBRARY_SERVER : undefined,
    env: {
      DATABASE_URL: sqld.url,
      DATABASE_AUTH_TOKEN: sqld.authToken,
      CONTENT_DIR: join(checkout, 'content'),
      CONTENT_GIT_REMOTE: remote.url,
      CONTENT_GIT_TOKEN: GIT_TOKEN,
      CONTENT_GIT_BRANCH: 'main',
      CONTENT_GIT: kind === 'library' ? 'library' : '',
      TMPDIR: tmp,
      ...options.env,
    },
  });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
