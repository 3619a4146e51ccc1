/**
 * What `npm run db:setup` may do in a build (pure: a unit test covers every case).
 *
 * On Netlify (DEPLOY_TARGET=netlify) the build command runs in every deploy context, and a deploy
 * preview of a pull request must never migrate the production database: only the production context
 * sets up DATABASE_URL. Another context sets up DEPLOY_PREVIEW_DATABASE_URL when given (its
 * functions must then have DATABASE_URL set to the same database in that context), and is skipped
 * with a message otherwise. Off Netlify, DATABASE_URL as always.
 */
import type { AppConfig } from '#lib/server/config.ts';

export type BuildPlan =
  | { action: 'setup'; database: { url: string; authToken?: string }; note?: string }
  | { action: 'skip'; reason: string }
  | { action: 'refuse'; reason: string };

export function buildPlan(config: Pick<AppConfig, 'deployTarget' | 'netlifyContext' | 'database' | 'previewDatabase'>): BuildPlan {
  if (config.deployTarget !== 'netlify') return { action: 'setup', database: config.database };
  const context = config.netlifyContext;
  if (context === 'production') return { action: 'setup', database: config.database };
  if (!context) {
    return {
      action: 'refuse',
      reason:
        'db:setup on Netlify needs CONTEXT (Netlify sets it in builds): without it, a deploy preview could migrate the production database.',
    };
  }
  if (config.previewDatabase) {
    return {
      action: 'setup',
      database: config.previewDatabase,
      note: `db:setup: ${context} build, setting up DEPLOY_PREVIEW_DATABASE_URL (this context's functions must have DATABASE_URL set to it).`,
    };
  }
  return {
    action: 'skip',
    reason: `db:setup: skipped in the ${context} context: only production migrates DATABASE_URL. Set DEPLOY_PREVIEW_DATABASE_URL to give ${context} builds a database of their own.`,
  };
}
