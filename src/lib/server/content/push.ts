/**
 * Pushing content commits to a remote repository over HTTPS (CONTENT_GIT_REMOTE): how a host
 * without a writable checkout keeps its content in git, and how the push starts the site's
 * rebuild. The token goes in an Authorization header through git's environment configuration
 * (GIT_CONFIG_*), so it is never written to .git/config nor shown in a process listing.
 *
 * When the remote has moved on (someone else pushed first), the content commits are fetched on
 * top of: rebased onto the remote branch (our side wins a conflicting line, as the admin's save is
 * the newest word), and the push is tried again. Rebased commits get new ids, so the revisions
 * that pointed at them are pointed at their new commits (found by their Content-Revision trailer).
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { contentRevisions } from '#db/schema/index.ts';
import { findRevisionCommit, git, GitError } from './git.ts';

export interface Remote {
  url: string;
  token?: string;
  branch?: string;
}

function authEnv(remote: Remote): Record<string, string> {
  if (!remote.token) return {};
  const basic = Buffer.from(`x-access-token:${remote.token}`).toString('base64');
  return { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'http.extraHeader', GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}` };
}

const rejected = (err: unknown) =>
  err instanceof GitError && /\[rejected\]|fetch first|non-fast-forward|failed to push some refs/i.test(err.stderr);

async function branchOf(root: string, remote: Remote) {
  if (remote.branch) return remote.branch;
  const current = (await git(root, ['rev-parse', '--abbrev-ref', 'HEAD'])).stdout.trim();
  // A detached checkout (a CI or Netlify build) has no branch to push to.
  if (current === 'HEAD')
    throw new Error('The content repository is not on a branch: set CONTENT_GIT_BRANCH to the remote branch to push to.');
  return current;
}

/** Fetches the remote branch; false when it does not exist yet (an empty repository). */
async function fetchRemote(root: string, remote: Remote, branch: string): Promise<boolean> {
  try {
    await git(root, ['fetch', '--quiet', remote.url, `refs/heads/${branch}`], authEnv(remote));
    return true;
  } catch (err) {
    if (err instanceof GitError && /couldn't find remote ref/i.test(err.stderr)) return false;
    throw err;
  }
}

/** Rebases the local content commits onto FETCH_HEAD, then re-points their revisions. */
async function rebaseOntoFetched(db: Database, root: string) {
  const ours = (await git(root, ['rev-list', 'FETCH_HEAD..HEAD'])).stdout.split('\n').filter(Boolean);
  if (!ours.length) {
    await git(root, ['merge', '--quiet', '--ff-only', 'FETCH_HEAD']);
    return;
  }
  try {
    await git(root, ['rebase', '--quiet', '--autostash', '-X', 'theirs', 'FETCH_HEAD'], { GIT_EDITOR: 'true' });
  } catch (err) {
    await git(root, ['rebase', '--abort']).catch(() => undefined);
    throw err;
  }
  const moved = await db
    .select({ id: contentRevisions.id, uid: contentRevisions.uid })
    .from(contentRevisions)
    .where(inArray(contentRevisions.commitSha, ours));
  for (const row of moved) {
    const sha = await findRevisionCommit(root, row.uid);
    if (sha)
      await db
        .update(contentRevisions)
        .set({ commitSha: sha })
        .where(inArray(contentRevisions.id, [row.id]));
  }
}

/**
 * Pushes HEAD to the remote branch; on a rejection fetches, rebases and tries again (3 rounds).
 * True when commits from the remote came in (the files may have changed under the index).
 */
export async function pushWithRebase(db: Database, root: string, remote: Remote): Promise<boolean> {
  const branch = await branchOf(root, remote);
  let fetched = false;
  for (let round = 0; ; round++) {
    try {
      await git(root, ['push', '--quiet', remote.url, `HEAD:refs/heads/${branch}`], authEnv(remote));
      return fetched;
    } catch (err) {
      if (!rejected(err) || round >= 2) throw err;
      if (await fetchRemote(root, remote, branch)) {
        await rebaseOntoFetched(db, root);
        fetched = true;
      }
    }
  }
}
