/**
 * Content setups a host cannot keep, found before it serves: one line saying why, for the entry
 * scripts to print before exiting.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ContentConfig } from './config.ts';

/**
 * A Netlify function: its files are a read-only bundle and vanish with the instance, so saves reach
 * git only through a remote (isomorphic-git pushes there).
 */
export function functionHostProblem(content: ContentConfig): string | null {
  if (!content.remote) {
    return 'CONTENT_GIT_REMOTE is not set: on Netlify a function cannot write its read-only bundle, so saves would never reach git. Set CONTENT_GIT_REMOTE (and CONTENT_GIT_TOKEN).';
  }
  if (content.git === 'off')
    return 'CONTENT_GIT=off on Netlify: saves would live only in the database and the next deploy would not have them. Unset CONTENT_GIT.';
  return null;
}

/** The nearest folder that exists at or above `dir` (the content folder is created on first write). */
function existingAncestor(dir: string): string {
  let at = dir;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return at;
}

/**
 * A server whose saves are written into CONTENT_DIR (git CLI, or files only) on a file system that
 * refuses writes: every save would be acknowledged and then stuck. Library mode writes into a clone
 * in the temp folder instead, so a read-only checkout is fine there.
 */
export async function readOnlyContentProblem(content: ContentConfig): Promise<string | null> {
  // Library mode needs a remote (gitMode): without one, whether git runs here changes nothing, and
  // the start does not spawn git to ask (some 40 ms of CPU).
  if (content.remote) {
    // Loaded here, not with this module: the Netlify check above needs no git or database module, so a
    // build that lacks its remote is refused before they load.
    const { gitMode } = await import('./backends.ts');
    if ((await gitMode(content)) === 'library') return null;
  }
  const at = existingAncestor(content.dir);
  try {
    accessSync(at, constants.W_OK);
    return null;
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'not writable';
    return `CONTENT_DIR ${content.dir} cannot be written (${code}): saves could never reach their files or git. Make it writable, or set CONTENT_GIT_REMOTE with CONTENT_GIT=library.`;
  }
}
