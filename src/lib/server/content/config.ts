import { configFor, type ContentConfig } from '#lib/server/config.ts';

export type { ContentConfig };

/**
 * Where the content files live and how they reach git (CONTENT_DIR, CONTENT_GIT, CONTENT_GIT_REMOTE,
 * CONTENT_GIT_TOKEN, CONTENT_GIT_BRANCH, CONTENT_GIT_PATH), declared and checked in ../config.ts.
 * Tests and scripts may pass their own environment; the process's is parsed once.
 */
export function contentConfig(env: NodeJS.ProcessEnv = process.env): ContentConfig {
  return configFor(env).content;
}
