import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'yaml';
import { openDatabase } from '#db/client.ts';
import { contentRevisions } from '#db/schema/index.ts';
import { childNodeOptions, startServer, type RunningServer } from '../support/server.ts';
import { api, loginCookie } from '../support/http.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { gitOut, logOf, waitForCommits } from '../support/git.ts';
import { makePng } from '../support/images.ts';

const uid = () => Math.random().toString(36).slice(2, 8);
const body = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  content: `## Intro\n\nFirst text of ${title}.`,
  published: true,
  ...extra,
});

/**
 * A block's last server, on the folder it was restarted on, handed on to the next block instead of a
 * fresh server started there (a start costs about 2 s of CPU): each block's first test reads only
 * what it makes. Running alone (a filter), the next block starts its own.
 */
let handedOn: RunningServer | undefined;
afterAll(async () => {
  if (!handedOn) return;
  await handedOn.stop();
  rmSync(handedOn.dir, { recursive: true, force: true });
});

describe('content in git: every save is a commit', () => {
  let server: RunningServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startServer();
    cookie = await loginCookie(server.baseUrl);
  });
  // Its folder goes on with the restarted server when the last test hands that on.
  afterAll(() => (handedOn?.dir === server?.dir ? undefined : server?.stop()));

  it('create, edit, rename and delete each commit the file with the admin as author', async () => {
    const repo = server.contentRepo;
    const title = `Git Post ${uid()}`;
    const created = await (await api(server.baseUrl, '/api/blog/posts', { cookie, body: body(title, { tags: ['rwa', 'git'] }) })).json();
    const file = `content/blog/${created.slug}.md`;
    let log = await waitForCommits(repo, file, 1);
    expect(log[0]).toMatchObject({ author: TEST_ADMIN.username, subject: `Create blog post "${title}"` });
    expect(log[0].body).toMatch(/^Content-Revision: [a-z2-7]+$/m);

    // The file holds every field of spec section 3 and the body as written.
    const text = readFileSync(join(repo, file), 'utf8');
    const front = parse(/^---\n([\s\S]*?)\n---/.exec(text)![1]);
    expect(Object.keys(front).sort()).toEqual(
      [
        'id',
        'title',
        'slug',
        'excerpt',
        'published',
        'publishedAt',
        'createdAt',
        'updatedAt',
        'featuredImage',
        'metaTitle',
        'metaDescription',
        'tags',
        'seoKeywords',
        'canonicalUrl',
        'socialImage',
        'authorId',
      ].sort(),
    );
    expect(front).toMatchObject({
      id: created.id,
      title,
      slug: created.slug,
      tags: ['rwa', 'git'],
      authorId: 'default-author',
      published: true,
    });
    expect(text.endsWith(`## Intro\n\nFirst text of ${title}.\n`)).toBe(true);

    // An edit: the message names what changed.
    await api(server.baseUrl, `/api/blog/posts/${created.id}`, { method: 'PUT', cookie, body: { content: 'Second text.' } });
    log = await waitForCommits(repo, file, 2);
    expect(log[0].subject).toBe(`Update blog post "${title}": text`);
    expect(readFileSync(join(repo, file), 'utf8')).toContain('Second text.');

    // A slug change moves the file in one commit.
    const renamed = await (
      await api(server.baseUrl, `/api/blog/posts/${created.id}`, { method: 'PUT', cookie, body: { slug: `${created.slug}-moved` } })
    ).json();
    const movedFile = `content/blog/${renamed.slug}.md`;
    const moveLog = await waitForCommits(repo, movedFile, 1);
    expect(moveLog[0].subject).toContain(`renamed ${created.slug} to ${renamed.slug}`);
    const changed = gitOut(repo, 'show', '--no-renames', '--name-status', '--format=', moveLog[0].sha).split('\n').sort();
    expect(changed).toEqual([`A\t${movedFile}`, `D\t${file}`].sort());
    expect(existsSync(join(repo, file))).toBe(false);

    // A delete removes the file in a commit.
    expect((await api(server.baseUrl, `/api/blog/posts/${created.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    const deleteLog = await waitForCommits(repo, movedFile, 2);
    expect(deleteLog[0]).toMatchObject({ author: TEST_ADMIN.username, subject: `Delete blog post "${title}"` });
    expect(existsSync(join(repo, movedFile))).toBe(false);
    // Nothing else was left uncommitted.
    expect(gitOut(repo, 'status', '--porcelain')).toBe('');
  });

  it('a research article commits its own fields, and an uploaded image it uses goes into content/media', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(makePng(4, 3))], { type: 'image/png' }), 'x.png');
    const upload = await (
      await fetch(server.baseUrl + '/api/uploads', { method: 'POST', headers: { Origin: server.baseUrl, Cookie: cookie }, body: form })
    ).json();
    const title = `Git Article ${uid()}`;
    const created = await (
      await api(server.baseUrl, '/api/research', {
        cookie,
        body: body(title, { author: 'Ada', featured: true, featuredImage: upload.url }),
      })
    ).json();
    const file = `content/research/${created.slug}.md`;
    const log = await waitForCommits(server.contentRepo, file, 1);
    const files = gitOut(server.contentRepo, 'show', '--name-only', '--format=', log[0].sha).split('\n').sort();
    expect(files).toEqual([file, `content/media/${upload.id}.png`].sort());
    expect(readFileSync(join(server.contentRepo, `content/media/${upload.id}.png`))).toEqual(makePng(4, 3));
    const front = parse(/^---\n([\s\S]*?)\n---/.exec(readFileSync(join(server.contentRepo, file), 'utf8'))![1]);
    expect(front).toMatchObject({ author: 'Ada', category: 'Research', readingTime: '1 min', featured: true, featuredImage: upload.url });
  });

  it('refuses a slug too long for a file name with a 400, and stores nothing', async () => {
    const title = 'ü'.repeat(150); // 150 characters, 300 bytes in UTF-8
    const res = await api(server.baseUrl, '/api/blog/posts', { cookie, body: { title, content: 'x' } });
    expect(res.status).toBe(400);
    expect((await res.json()).issues.slug).toBeDefined();
    const list = (await (await api(server.baseUrl, '/api/blog/posts', { cookie })).json()) as { title: string }[];
    expect(list.some((p) => p.title === title)).toBe(false);
  });

  // Last in this block: it stops the block's server (a kill, as a crash would) and starts it again on its folder.
  it('files edited in git while the server was stopped are indexed on the next start', { timeout: 120_000 }, async () => {
    const file = join(server.contentDir, 'blog/welcome-to-rwa-analytics.md');
    await server.kill();
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: "Edited by hand in git"'));
    gitOut(server.contentRepo, '-c', 'user.name=Hand', '-c', 'user.email=h@example.test', 'commit', '-qam', 'Edit by hand');
    const restarted = await startServer({ dir: server.dir });
    handedOn = restarted;
    const post = await (await api(restarted.baseUrl, '/api/blog/posts/by-slug/welcome-to-rwa-analytics')).json();
    expect(post.title).toBe('Edited by hand in git');
  });
});

// Each case starts and kills whole servers (two or three): on a busy 2-core machine that alone nears
// vitest's 30 s default, which is a wait, not a finding.
describe('the outbox across kill -9 and restarts', { timeout: 120_000 }, () => {
  it('a save acknowledged while git could not commit is committed once after a kill -9 and restart', async () => {
    const first = handedOn ?? (await startServer());
    handedOn = undefined;
    const repo = first.contentRepo;
    const cookie = await loginCookie(first.baseUrl);
    // Another git process holds the index: the commit after the save fails, the save itself must not.
    const lock = join(repo, '.git', 'index.lock');
    writeFileSync(lock, '');
    const title = `Crash Post ${uid()}`;
    const res = await api(first.baseUrl, '/api/blog/posts', { cookie, body: body(title) });
    expect(res.status).toBe(201);
    const { slug, id } = await res.json();
    const file = `content/blog/${slug}.md`;
    // The save is in the database at once; the revision is open.
    const { client, db } = openDatabase({ url: first.databaseUrl });
    const open = await db.select().from(contentRevisions).where(eq(contentRevisions.articleId, id));
    expect(open.filter((r) => r.kind === 'blog')).toHaveLength(1);
    expect(open[0].committedAt).toBeNull();
    client.close();
    await first.kill();
    expect(logOf(repo, file)).toHaveLength(0);

    rmSync(lock);
    const second = await startServer({ dir: first.dir });
    const log = await waitForCommits(repo, file, 1);
    expect(log[0].author).toBe(TEST_ADMIN.username);
    const bySlug = await api(second.baseUrl, `/api/blog/posts/by-slug/${slug}`);
    expect((await bySlug.json()).title).toBe(title);

    // Committed, but killed before the row was marked: the next start finds the commit by its trailer.
    await second.kill();
    const again = openDatabase({ url: first.databaseUrl });
    const [row] = await again.db.select().from(contentRevisions).where(eq(contentRevisions.articleId, id));
    expect(row.commitSha).toBe(log[0].sha);
    await again.db.update(contentRevisions).set({ committedAt: null, commitSha: null }).where(eq(contentRevisions.id, row.id));
    again.client.close();
    const third = await startServer({ dir: first.dir });
    const check = openDatabase({ url: first.databaseUrl });
    const [marked] = await check.db.select().from(contentRevisions).where(eq(contentRevisions.id, row.id));
    check.client.close();
    expect(marked.commitSha).toBe(log[0].sha);
    expect(logOf(repo, file)).toHaveLength(1);
    handedOn = third;
  });
});

describe('an older checkout never rolls the index back', { timeout: 120_000 }, () => {
  it('keeps saves the files do not have yet (a deploy of an older commit), until a forced reindex', async () => {
    const server = handedOn ?? (await startServer());
    handedOn = undefined;
    const cookie = await loginCookie(server.baseUrl);
    const title = `Newer Than Checkout ${Math.random().toString(36).slice(2, 8)}`;
    const post = await (
      await api(server.baseUrl, '/api/blog/posts', {
        cookie,
        body: { title, content: 'Saved after the deployed commit.', published: true },
      })
    ).json();
    await waitForCommits(server.contentRepo, `content/blog/${post.slug}.md`, 1);
    // The revision is marked just after its commit: a kill in between would (rightly) commit it again.
    await expect
      .poll(async () => (await (await api(server.baseUrl, `/api/content/blog/${post.id}/history`, { cookie })).json())[0].commit, {
        timeout: 20_000,
      })
      .toBeTruthy();
    await server.kill();
    // The checkout goes back to the commit before the save (what an older deploy would hold).
    gitOut(server.contentRepo, 'reset', '--quiet', '--hard', 'HEAD~1');
    const again = await startServer({ dir: server.dir });
    expect((await api(again.baseUrl, `/api/blog/posts/by-slug/${post.slug}`)).status).toBe(200);
    await again.kill();
    // npm run content:reindex rebuilds from the files whatever the database holds: the starter's posts and
    // articles, and those the server committed before this save (the block before's, when it ran).
    const files = ['blog', 'research'].flatMap((kind) => readdirSync(join(server.contentDir, kind)).filter((f) => f.endsWith('.md')));
    expect(files).not.toContain(`${post.slug}.md`);
    expect(files.length).toBeGreaterThanOrEqual(9);
    const out = execFileSync(process.execPath, ['scripts/content-reindex.ts'], {
      cwd: join(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        DATABASE_URL: server.databaseUrl,
        CONTENT_DIR: server.contentDir,
        ADMIN_PASSWORD: 'x'.repeat(16),
        NODE_OPTIONS: childNodeOptions(),
      },
      encoding: 'utf8',
    });
    expect(out).toMatch(new RegExp(`content: ${files.length} items indexed`));
    const after = await startServer({ dir: server.dir });
    expect((await api(after.baseUrl, `/api/blog/posts/by-slug/${post.slug}`)).status).toBe(404);
    await after.stop();
    rmSync(server.dir, { recursive: true, force: true });
  });
});
