import { resolve } from 'node:path';

/**
 * Where the content files live and how they reach git, from the environment at run time:
 * - CONTENT_DIR: the folder holding blog/, research/ and media/ (default ./content).
 * - CONTENT_GIT: 'off' writes the files without committing; otherwise every save is committed in
 *   the git work tree that holds CONTENT_DIR (one is created with `git init` in CONTENT_DIR when
 *   there is none). Without a git binary on the host (Netlify), or with 'library', commits are made
 *   with isomorphic-git in a clone of CONTENT_GIT_REMOTE and pushed (CONTENT_GIT_PATH: the content
 *   folder inside that repository, default 'content'); with neither, git is off.
 * - CONTENT_GIT_REMOTE (an https URL) and CONTENT_GIT_TOKEN: commits are pushed there after saves,
 *   CONTENT_GIT_BRANCH (default: the current branch) on the remote.
 */
export interface ContentConfig {
  dir: string;
  /** 'off': files only; 'library': isomorphic-git into a clone of the remote; 'auto': the CLI when present, else the library when a remote is set. */
  git: 'auto' | 'off' | 'library';
  remote?: { url: string; token?: string; branch?: string; /** The content folder inside the remote repository. */ path: string };
}

export function contentConfig(env: NodeJS.ProcessEnv = process.env): ContentConfig {
  const remoteUrl = env.CONTENT_GIT_REMOTE?.trim();
  return {
    dir: resolve(env.CONTENT_DIR?.trim() || 'content'),
    git: (['off', 'library'] as const).find((m) => m === (env.CONTENT_GIT ?? '').trim().toLowerCase()) ?? 'auto',
    remote: remoteUrl
      ? {
          url: remoteUrl,
          token: env.CONTENT_GIT_TOKEN?.trim() || undefined,
          branch: env.CONTENT_GIT_BRANCH?.trim() || undefined,
          path: (env.CONTENT_GIT_PATH?.trim() || 'content').replace(/^[./]+$|^\/+|\/+$/g, ''),
        }
      : undefined,
  };
}
