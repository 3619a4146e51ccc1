/**
 * The few git operations content needs, through the git CLI (execFile, never a shell: paths and
 * messages are arguments, not command text). Commits name only the content paths (`--only`), so
 * anything else staged in the same work tree is left alone, and skip hooks (`--no-verify`): a save
 * must not depend on a developer's linters.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { relative } from 'node:path';
import { scrubUrls } from '#lib/server/http/public-url.ts';

export interface GitResult {
  stdout: string;
  stderr: string;
}

export class GitError extends Error {
  readonly stderr: string;
  constructor(message: string, stderr: string) {
    super(message);
    this.stderr = stderr;
  }
}

export function git(cwd: string, args: string[], env: Record<string, string> = {}): Promise<GitResult> {
  return new Promise((ok, fail) => {
    execFile(
      'git',
      args,
      {
        cwd,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...env },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 60_000,
      },
      (err, stdout, stderr) => {
        // git quotes the remote's URL in its messages (and err.message holds the whole command line):
        // scheme and host only, the rest may be a token or a private path (public-url.ts).
        if (err) fail(new GitError(`git ${args[0]} failed: ${scrubUrls(String(stderr || err.message).trim())}`, scrubUrls(String(stderr))));
        else ok({ stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

let available: Promise<boolean> | undefined;
/** Whether a git binary runs on this host (a Netlify function has none). */
export function gitAvailable(): Promise<boolean> {
  available ??= git(process.cwd(), ['--version']).then(
    () => true,
    () => false,
  );
  return available;
}

/** The work tree that holds `dir`, created with `git init` in `dir` when there is none. */
export async function ensureRepository(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  try {
    return (await git(dir, ['rev-parse', '--show-toplevel'])).stdout.trim();
  } catch {
    await git(dir, ['init', '--quiet']);
    return (await git(dir, ['rev-parse', '--show-toplevel'])).stdout.trim();
  }
}

/** A path for git, relative to the work tree, always with forward slashes. */
export const repoPath = (root: string, file: string) => relative(root, file).split('\\').join('/');

export interface CommitAuthor {
  name: string;
  email: string;
}

/**
 * For each uid, the newest commit on HEAD whose message carries the line `Content-Revision: <uid>`:
 * one `git log` for a whole pass of open rows instead of one per row (a start after a crash can find
 * dozens open). A uid with no such commit is not in the map.
 */
export async function findRevisionCommits(root: string, uids: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!uids.length) return found;
  const wanted = new Set(uids);
  let stdout: string;
  try {
    const greps = uids.map((uid) => `--grep=Content-Revision: ${uid}`);
    // -z: commits end with a NUL, the one byte no commit message holds (a title may hold any other).
    ({ stdout } = await git(root, ['log', '-z', '--format=%H%n%B', '-F', ...greps, 'HEAD']));
  } catch {
    return found; // no commits yet
  }
  // Newest first: the first commit seen for a uid is the one `findRevisionCommit` would name.
  for (const record of stdout.split('\0')) {
    const [sha, ...body] = record.split('\n');
    if (!sha) continue;
    for (const line of body) {
      const uid = /^Content-Revision: (\S+)$/.exec(line.trim())?.[1];
      if (uid && wanted.has(uid) && !found.has(uid)) found.set(uid, sha);
    }
  }
  return found;
}

/** The commit on HEAD whose message carries `Content-Revision: <uid>`, if any. */
export async function findRevisionCommit(root: string, uid: string): Promise<string | null> {
  try {
    const { stdout } = await git(root, ['log', '--format=%H', '-n', '1', '-F', `--grep=Content-Revision: ${uid}`, 'HEAD']);
    return stdout.trim() || null;
  } catch {
    return null; // no commits yet
  }
}

/**
 * Stages the given paths as they are in the work tree (written, or removed) and commits just them.
 * Returns the new commit, or null when nothing changed (the file already held that text).
 */
export async function commitPaths(root: string, paths: string[], message: string, author: CommitAuthor): Promise<string | null> {
  // A path that is neither in the work tree nor known to git (a file never committed, then
  // removed) has nothing to stage, and git refuses a pathspec that matches nothing.
  // -z: names as they are. Without it git quotes and escapes a name with non-ASCII bytes
  // ("content/blog/caf\303\251.md"), which never equals the path, so a deleted "café" stayed tracked.
  // Asked only when a path is missing from the work tree (a removal): a save that writes its files has none.
  const missing = paths.filter((p) => !existsSync(`${root}/${p}`));
  const known = new Set(missing.length ? (await git(root, ['ls-files', '-z', '--', ...missing])).stdout.split('\0').filter(Boolean) : []);
  const stage = paths.filter((p) => !missing.includes(p) || known.has(p));
  if (!stage.length) return null;
  await git(root, ['add', '-A', '--', ...stage]);
  const changed = (await git(root, ['diff', '--cached', '--name-only', '-z', '--', ...stage])).stdout.replace(/\0/g, '').trim();
  if (!changed) return null;
  const env = {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: author.name,
    GIT_COMMITTER_EMAIL: author.email,
  };
  await git(root, ['commit', '--quiet', '--no-verify', '--only', '-m', message, '--', ...stage], env);
  return (await git(root, ['rev-parse', 'HEAD'])).stdout.trim();
}
