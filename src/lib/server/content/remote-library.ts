/**
 * Content commits for a host without a git binary or a writable checkout (a Netlify function):
 * isomorphic-git keeps a clone of CONTENT_GIT_REMOTE in the temp folder, and every flush starts
 * from the remote branch as it is now (fetch, reset), applies the open revisions as commits
 * (skipping any whose Content-Revision trailer the branch already has) and pushes. A rejected
 * push (someone else pushed first) starts the round again on their commit: our content commits
 * are made anew on top, which is a rebase of them. Revisions are marked only once pushed, since
 * the clone may vanish with the instance.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import git from 'isomorphic-git';
import http from 'isomorphic-git/http/node';
import type { contentRevisions } from '#db/schema/index.ts';
import type { Remote } from './push.ts';

type Revision = typeof contentRevisions.$inferSelect;

/** Writes a revision's files under `contentDir`; returns the paths touched, relative to it. */
export type ApplyFiles = (contentDir: string, row: Revision) => Promise<string[]>;

const HISTORY_DEPTH = 200;

function headersFor(remote: Remote): Record<string, string> {
  return remote.token ? { Authorization: `Basic ${Buffer.from(`x-access-token:${remote.token}`).toString('base64')}` } : {};
}

const cloneDirFor = (remote: Remote) => join(tmpdir(), `rwa-content-${createHash('sha256').update(remote.url).digest('hex').slice(0, 16)}`);

/** The clone, reset to the remote branch's current commit. */
async function freshCheckout(remote: Remote, branch: string): Promise<string> {
  const dir = cloneDirFor(remote);
  const headers = headersFor(remote);
  if (!fs.existsSync(join(dir, '.git'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    await git.clone({ fs, http, dir, url: remote.url, ref: branch, singleBranch: true, depth: HISTORY_DEPTH, headers });
    return dir;
  }
  await git.fetch({ fs, http, dir, url: remote.url, ref: branch, singleBranch: true, depth: HISTORY_DEPTH, headers });
  const remoteHead = await git.resolveRef({ fs, dir, ref: `refs/remotes/origin/${branch}` });
  await git.writeRef({ fs, dir, ref: `refs/heads/${branch}`, value: remoteHead, force: true });
  await git.checkout({ fs, dir, ref: branch, force: true });
  return dir;
}

/** Revision uid -> commit, for the trailers in the branch's recent history. */
async function committedUids(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const entry of await git.log({ fs, dir, depth: HISTORY_DEPTH })) {
    const m = /^Content-Revision: (\S+)$/m.exec(entry.commit.message);
    if (m) found.set(m[1], entry.oid);
  }
  return found;
}

async function commitRound(
  dir: string,
  contentPath: string,
  rows: Revision[],
  applyFiles: ApplyFiles,
  authorEmail: (name: string) => string,
) {
  const done = await committedUids(dir);
  const shas = new Map<number, string | null>();
  for (const row of rows) {
    const existing = done.get(row.uid);
    if (existing) {
      shas.set(row.id, existing);
      continue;
    }
    const touched = await applyFiles(join(dir, contentPath), row);
    for (const rel of touched) {
      const filepath = contentPath ? `${contentPath}/${rel}` : rel;
      if (fs.existsSync(join(dir, filepath))) await git.add({ fs, dir, filepath });
      else await git.remove({ fs, dir, filepath });
    }
    const author = { name: row.authorName, email: authorEmail(row.authorName) };
    shas.set(row.id, await git.commit({ fs, dir, message: `${row.message}\n\nContent-Revision: ${row.uid}\n`, author, committer: author }));
  }
  return shas;
}

/**
 * Commits the open revisions on top of the remote branch and pushes them; the commit holding each
 * row once the remote has it (the caller marks the rows: only then, since the clone may vanish with
 * the instance).
 */
export async function commitAndPushWithLibrary(
  remote: Remote & { path: string },
  rows: Revision[],
  applyFiles: ApplyFiles,
  authorEmail: (name: string) => string,
): Promise<Map<number, string | null>> {
  const branch = remote.branch ?? 'main';
  for (let round = 0; ; round++) {
    const dir = await freshCheckout(remote, branch);
    const shas = await commitRound(dir, remote.path, rows, applyFiles, authorEmail);
    try {
      await git.push({ fs, http, dir, url: remote.url, ref: branch, remoteRef: branch, headers: headersFor(remote) });
      return shas;
    } catch (err) {
      // Refused before sending (not a fast-forward of what we fetched) or by the server (the branch
      // moved between our fetch and our push): either way, someone else pushed first.
      const code = (err as { code?: string }).code;
      const rejected = code === 'PushRejectedError' || code === 'GitPushError';
      if (rejected && round < 2) continue;
      throw err;
    }
  }
}
