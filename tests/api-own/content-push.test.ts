import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedScratch, startServer, type RunningServer } from '../support/server.ts';
import { api, loginCookie } from '../support/http.ts';
import { gitOut } from '../support/git.ts';
import { startGitHttpServer, type GitHttpServer } from '../support/git-http-server.ts';

const TOKEN = 'test-token-' + Math.random().toString(36).slice(2);
const uid = () => Math.random().toString(36).slice(2, 8);

/** The remote branch's commits that touched a path, newest first (subjects). */
const remoteLog = (bare: string, path: string) => {
  try {
    return gitOut(bare, 'log', '--format=%s', 'main', '--', path).split('\n').filter(Boolean);
  } catch {
    return [];
  }
};

/** Another clone of the remote commits a file and pushes it (directly, not over HTTP). */
function someoneElsePushes(dir: string, bare: string, name: string, files: Record<string, string> = { [`${name}.txt`]: `${name}\n` }) {
  const other = join(dir, `clone-${name}`);
  gitOut(dir, 'clone', '--quiet', bare, other);
  for (const [path, text] of Object.entries(files)) writeFileSync(join(other, path), text);
  gitOut(other, 'add', '.');
  gitOut(other, '-c', 'user.name=Bo', '-c', 'user.email=bo@example.test', 'commit', '-qm', `Someone else: ${name}`);
  gitOut(other, 'push', '--quiet', 'origin', 'HEAD:main');
  return gitOut(other, 'rev-parse', 'HEAD');
}

/** A scratch content repository, its bare remote behind a loopback git server, and a site server pushing there. */
async function startWithRemote(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'rwa-push-'));
  // The run's prepared database and content repository, as a default start has them: no migration and seed again.
  const { repo } = await preparedScratch(dir);
  const remotes = join(dir, 'remotes');
  const bare = join(remotes, 'content.git');
  gitOut(dir, 'clone', '--quiet', '--bare', repo, bare);
  const gitServer = await startGitHttpServer(remotes, TOKEN);
  // A clone in the temp folder (library mode) stays inside this test's scratch folder.
  const scratchTmp = join(dir, 'tmp');
  mkdirSync(scratchTmp);
  const server = await startServer({
    dir,
    env: {
      CONTENT_GIT_REMOTE: gitServer.url('content.git'),
      CONTENT_GIT_TOKEN: TOKEN,
      CONTENT_GIT_BRANCH: 'main',
      TMPDIR: scratchTmp,
      ...env,
    },
  });
  const cookie = await loginCookie(server.baseUrl);
  const stop = async () => {
    await server.stop();
    await gitServer.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { dir, bare, gitServer, server, cookie, stop };
}

describe('pushing content commits to a remote over HTTPS (loopback git http-backend)', () => {
  let dir: string;
  let bare: string;
  let gitServer: GitHttpServer;
  let server: RunningServer;
  let cookie: string;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ dir, bare, gitServer, server, cookie, stop } = await startWithRemote());
  });
  afterAll(() => stop());

  it('pushes each save, with the token', async () => {
    const title = `Pushed ${uid()}`;
    const post = await (await api(server.baseUrl, '/api/blog/posts', { cookie, body: { title, content: 'Pushed text.' } })).json();
    await expect.poll(() => remoteLog(bare, `content/blog/${post.slug}.md`), { timeout: 20_000 }).toEqual([`Create blog post "${title}"`]);
    const pushes = gitServer.requests.filter((r) => r.path.endsWith('/git-receive-pack'));
    expect(pushes.length).toBeGreaterThan(0);
    expect(pushes.every((r) => r.authorized)).toBe(true);
  });

  it('a push rejected because someone else pushed first is rebased onto theirs and pushed again', async () => {
    // Someone else pushes a commit to the remote: a research article written in another clone.
    const theirs = someoneElsePushes(dir, bare, 'before-cli', {
      'content/research/from-elsewhere.md': '---\ntitle: From Elsewhere\nauthor: Bo\n---\n\nWritten in another clone.\n',
    });

    const title = `After Rebase ${uid()}`;
    const post = await (await api(server.baseUrl, '/api/blog/posts', { cookie, body: { title, content: 'Mine.' } })).json();
    const file = `content/blog/${post.slug}.md`;
    await expect.poll(() => remoteLog(bare, file), { timeout: 30_000 }).toEqual([`Create blog post "${title}"`]);
    // Their commit is kept, under ours: a rebase, not a forced push.
    const remoteHead = gitOut(bare, 'rev-parse', 'main');
    expect(gitOut(bare, 'merge-base', '--is-ancestor', theirs, remoteHead) === '').toBe(true);
    expect(gitOut(bare, 'log', '--format=%s', '-n', '2', 'main').split('\n')).toEqual([
      `Create blog post "${title}"`,
      'Someone else: before-cli',
    ]);
    // The history shows the commit as it is now on the remote.
    const [version] = await (await api(server.baseUrl, `/api/content/blog/${post.id}/history`, { cookie })).json();
    await expect
      .poll(async () => (await (await api(server.baseUrl, `/api/content/blog/${post.id}/history`, { cookie })).json())[0].commit)
      .toBe(remoteHead);
    expect(version.message).toBe(`Create blog post "${title}"`);
    // The article that came in with the rebase is on the site, without a restart.
    await expect.poll(async () => (await api(server.baseUrl, '/api/research/by-slug/from-elsewhere')).status).toBe(200);
    expect((await (await api(server.baseUrl, `/api/blog/posts/by-slug/${post.slug}`, { cookie })).json()).title).toBe(title);
  });

  it('a push that loses the race (the branch moves while it is sent) is refused by the server, rebased and retried', async () => {
    let theirs = '';
    gitServer.beforeNextPush(() => (theirs = someoneElsePushes(dir, bare, 'mid-push-cli')));
    const title = `Race ${uid()}`;
    const post = await (await api(server.baseUrl, '/api/blog/posts', { cookie, body: { title, content: 'Raced.' } })).json();
    await expect.poll(() => remoteLog(bare, `content/blog/${post.slug}.md`), { timeout: 30_000 }).toEqual([`Create blog post "${title}"`]);
    expect(theirs).not.toBe('');
    expect(gitOut(bare, 'log', '--format=%s', '-n', '2', 'main').split('\n')).toEqual([
      `Create blog post "${title}"`,
      'Someone else: mid-push-cli',
    ]);
  });

  it('never blocks a save: with the remote down the save answers, and the push follows when it is back', async () => {
    await gitServer.close();
    const title = `While Down ${uid()}`;
    const res = await api(server.baseUrl, '/api/blog/posts', { cookie, body: { title, content: 'Saved while the remote was down.' } });
    expect(res.status).toBe(201);
    const post = await res.json();
    expect((await api(server.baseUrl, `/api/blog/posts/by-slug/${post.slug}`, { cookie })).status).toBe(200);
    await gitServer.listen();
    await expect
      .poll(() => remoteLog(bare, `content/blog/${post.slug}.md`), { timeout: 60_000, interval: 250 })
      .toEqual([`Create blog post "${title}"`]);
  });
});

describe('without a git binary: isomorphic-git commits into a clone of the remote and pushes (CONTENT_GIT=library)', () => {
  let dir: string;
  let bare: string;
  let gitServer: GitHttpServer;
  let server: RunningServer;
  let cookie: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ dir, bare, gitServer, server, cookie, stop } = await startWithRemote({ CONTENT_GIT: 'library' }));
  });
  afterAll(() => stop());

  it('commits with the admin as author and pushes; the next save starts from a commit someone else pushed meanwhile', async () => {
    const title = `Library ${uid()}`;
    const post = await (await api(server.baseUrl, '/api/blog/posts', { cookie, body: { title, content: 'Via isomorphic-git.' } })).json();
    const file = `content/blog/${post.slug}.md`;
    await expect.poll(() => remoteLog(bare, file), { timeout: 20_000 }).toEqual([`Create blog post "${title}"`]);
    expect(gitOut(bare, 'log', '-n', '1', '--format=%an', 'main', '--', file)).toBe('admin');
    expect(gitOut(bare, 'show', `main:${file}`)).toContain('Via isomorphic-git.');
    expect(gitServer.requests.filter((r) => r.path.endsWith('/git-receive-pack')).every((r) => r.authorized)).toBe(true);

    someoneElsePushes(dir, bare, 'notes');

    await api(server.baseUrl, `/api/blog/posts/${post.id}`, { method: 'PUT', cookie, body: { content: 'Edited after theirs.' } });
    await expect
      .poll(() => remoteLog(bare, file), { timeout: 30_000 })
      .toEqual([`Update blog post "${title}": text`, `Create blog post "${title}"`]);
    expect(gitOut(bare, 'log', '--format=%s', '-n', '2', 'main').split('\n')).toEqual([
      `Update blog post "${title}": text`,
      'Someone else: notes',
    ]);
    expect(gitOut(bare, 'show', 'main:notes.txt')).toBe('notes');
  });

  it('a push that loses the race (the branch moves while it is sent) is redone on top of theirs', async () => {
    gitServer.beforeNextPush(() => someoneElsePushes(dir, bare, 'mid-push-lib'));
    const title = `Library Race ${uid()}`;
    const post = await (await api(server.baseUrl, '/api/blog/posts', { cookie, body: { title, content: 'Raced.' } })).json();
    await expect.poll(() => remoteLog(bare, `content/blog/${post.slug}.md`), { timeout: 30_000 }).toEqual([`Create blog post "${title}"`]);
    expect(gitOut(bare, 'log', '--format=%s', '-n', '2', 'main').split('\n')).toEqual([
      `Create blog post "${title}"`,
      'Someone else: mid-push-lib',
    ]);
    // Exactly one commit for the save, though it was made twice (the first one never reached the remote).
    expect(
      gitOut(bare, 'log', '--format=%s', 'main')
        .split('\n')
        .filter((s) => s.includes(title)),
    ).toHaveLength(1);
  });
});
