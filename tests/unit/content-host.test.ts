import { describe, expect, it } from 'vitest';
import { functionHostProblem } from '#lib/server/content/host.ts';
import type { ContentConfig } from '#lib/server/config.ts';

describe('functionHostProblem', () => {
  const base: ContentConfig = { dir: '/bundle/content', git: 'auto' };
  it('refuses a function host without a remote, or with git off', () => {
    expect(functionHostProblem(base)).toMatch(/^CONTENT_GIT_REMOTE is not set/);
    const remote = { url: 'https://example.com/r.git', path: 'content' };
    expect(functionHostProblem({ ...base, remote, git: 'off' })).toMatch(/^CONTENT_GIT=off on Netlify/);
    expect(functionHostProblem({ ...base, remote })).toBeNull();
  });
});
