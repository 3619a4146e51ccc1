import { describe, expect, it } from 'vitest';
import { buildPlan } from '#lib/server/setup/build-plan.ts';

describe('buildPlan: which database a build sets up', () => {
  const database = { url: 'libsql://prod.example', authToken: 'p' };
  const previewDatabase = { url: 'libsql://preview.example', authToken: 'q' };
  it('off Netlify: DATABASE_URL, whatever CONTEXT says', () => {
    expect(buildPlan({ deployTarget: 'node', netlifyContext: 'deploy-preview', database })).toEqual({ action: 'setup', database });
  });
  it('Netlify production: DATABASE_URL', () => {
    expect(buildPlan({ deployTarget: 'netlify', netlifyContext: 'production', database, previewDatabase })).toEqual({
      action: 'setup',
      database,
    });
  });
  it.each(['deploy-preview', 'branch-deploy'])('Netlify %s: its own database when given, never DATABASE_URL; else skipped', (context) => {
    expect(buildPlan({ deployTarget: 'netlify', netlifyContext: context, database, previewDatabase })).toMatchObject({
      action: 'setup',
      database: previewDatabase,
    });
    expect(buildPlan({ deployTarget: 'netlify', netlifyContext: context, database })).toMatchObject({
      action: 'skip',
      reason: expect.stringContaining(context),
    });
  });
  it('Netlify without CONTEXT: refused (it cannot tell a preview from production)', () => {
    expect(buildPlan({ deployTarget: 'netlify', database })).toMatchObject({ action: 'refuse' });
  });
});
