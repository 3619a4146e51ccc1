import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { contentRevisions } from '#db/schema/index.ts';
import { deliverContent } from '#lib/server/content/outbox.ts';
import { acknowledgeSave, functionHold } from '#lib/server/content/acknowledge.ts';
import { useScratchDatabase } from '../support/scratch-db.ts';

// acknowledgeSave reads the process's configuration: files only, in a scratch folder, never the checkout.
const contentDir = join(mkdtempSync(join(tmpdir(), 'rwa-unit-outbox-')), 'content');
process.env.CONTENT_GIT = 'off';
process.env.CONTENT_DIR = contentDir;

describe('delivering saves: acknowledgeSave and the outbox', () => {
  const scratch = useScratchDatabase('unit-outbox', { prepare: true });

  it("on a function host the save's delivery is handed to the request's waitUntil (Netlify.context)", async () => {
    expect(functionHold()).toBeNull();
    const held: Promise<unknown>[] = [];
    const global = globalThis as { Netlify?: unknown };
    global.Netlify = { context: { waitUntil: (p: Promise<unknown>) => held.push(p) } };
    try {
      expect(functionHold()).not.toBeNull();
      const delivery = acknowledgeSave(scratch().db);
      expect(held).toEqual([delivery]);
      expect(await delivery).toBe(true); // nothing open: delivered
    } finally {
      delete global.Netlify;
    }
    expect(functionHold({ waitUntil: () => undefined })).not.toBeNull();
  });

  it('the outbox on a file system that refuses writes fails loudly at once, keeps the save, and delivers once it can', async () => {
    const uid = `unit${Date.now()}`;
    await scratch().db.insert(contentRevisions).values({
      uid,
      kind: 'blog',
      articleId: 999_999,
      action: 'save',
      path: 'blog/refused.md',
      document: '---\ntitle: Refused\n---\n\nText.\n',
      message: 'Create blog post "Refused"',
      authorName: 'admin',
      createdAt: new Date(),
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // /sys refuses new entries even to root (EPERM): what a read-only deploy bundle does (EROFS).
      // No retries, since retrying cannot help: with the clock stopped, a retry's wait would never end.
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      const refused = await deliverContent(scratch().db, { dir: '/sys/rwa-content-unit', git: 'off' }, 'server').finally(() =>
        vi.useRealTimers(),
      );
      expect(refused).toBe(false);
      expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([
        expect.stringMatching(/^content: saves cannot reach git \(.*(EPERM|EROFS|EACCES)/),
      ]);
    } finally {
      errors.mockRestore();
    }
    const open = async () =>
      (await scratch().db.$client.execute({ sql: 'SELECT committed_at FROM content_revisions WHERE uid = ?', args: [uid] })).rows[0]
        .committed_at;
    expect(await open()).toBeNull();
    expect(await deliverContent(scratch().db, { dir: contentDir, git: 'off' }, 'server')).toBe(true);
    expect(await open()).not.toBeNull();
  });
});
