import { resolve } from 'node:path';

/**
 * Where the content files live and how they reach git, from the environment at run time:
 * - CONTENT_DIR: the folder holding blog/, research/ and media/ (default ./content).
 * - CONTENT_GIT: 'off' writes the files without committing; otherwise every save is committed in
 *   the git work tree that holds CONTENT_DIR (one is created with `git init` in CONTENT_DIR when
 *   there is none). Without a git binary on the host, git is off.
 * - CONTENT_GIT_REMOTE (an https URL) and CONTENT_GIT_TOKEN: commits are pushed there after saves,
 *   CONTENT_GIT_BRANCH (default: the current branch) on the remote.
 */
export interface ContentConfig {
  dir: string;
  git: boolean;
  remote?: { url: string; token?: string; branch?: string };
}

export function contentConfig(env: NodeJS.ProcessEnv = process.env): ContentConfig {
  const remoteUrl = env.CONTENT_GIT_REMOTE?.trim();
  return {
    dir: resolve(env.CONTENT_DIR?.trim() || 'content'),
    git: (env.CONTENT_GIT ?? '').trim().toLowerCase() !== 'off',
    remote: remoteUrl ? { url: remoteUrl, token: env.CONTENT_GIT_TOKEN?.trim() || undefined, branch: env.CONTENT_GIT_BRANCH?.trim() || undefined } : undefined,
  };
}
