import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';

/** Runs git in a test repository and returns its output. */
export function gitOut(repo: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

export interface LogEntry {
  sha: string;
  author: string;
  subject: string;
  body: string;
}

/** `git log -- <path>` newest first, following nothing: exactly the commits that touched the path. */
export function logOf(repo: string, path: string): LogEntry[] {
  const out = gitOut(repo, 'log', '--format=%H%x1f%an%x1f%s%x1f%b%x1e', '--', path);
  return out
    .split('\x1e')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => {
      const [sha, author, subject, body] = r.split('\x1f');
      return { sha, author, subject, body: body ?? '' };
    });
}

/** Waits until the path's log has `count` commits (the outbox commits just after the save answers). */
export async function waitForCommits(repo: string, path: string, count: number): Promise<LogEntry[]> {
  await expect.poll(() => logOf(repo, path).length, { timeout: 20_000, interval: 100 }).toBe(count);
  return logOf(repo, path);
}
