/**
 * The one interface in front of the two ways content reaches git: `deliver(rows)` puts the open
 * revisions' files in place, commits each (skipping one whose `Content-Revision: <uid>` trailer is
 * already there) and, when there is a remote, pushes; it answers which commit holds each row. A row
 * counts as delivered only once it is where it has to end up: pushed when there is a remote (a
 * build's throwaway checkout or a recycled function keeps nothing), committed when there is none.
 *
 * - cli: the git binary in the work tree that holds CONTENT_DIR (a server with a checkout);
 * - library: isomorphic-git in a clone of CONTENT_GIT_REMOTE (a function without git or a
 *   writable bundle); see remote-library.ts.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { contentRevisions, uploads } from '#db/schema/index.ts';
import type { ContentConfig } from './config.ts';
import { commitPaths, ensureRepository, findRevisionCommits, gitAvailable, repoPath } from './git.ts';
import { pushWithRebase } from './push.ts';

export type Revision = typeof contentRevisions.$inferSelect;

export interface Delivery {
  /** Row id -> the commit holding it (null: the files already held that text, or git is off). */
  shas: Map<number, string | null>;
  /** Commits from elsewhere came in: the files may have moved under the index. */
  rebased: boolean;
}

export interface ContentGit {
  readonly mode: 'cli' | 'library' | 'off';
  deliver(rows: Revision[]): Promise<Delivery>;
}

/**
 * How revisions reach git: the CLI in the work tree holding CONTENT_DIR, isomorphic-git in a clone
 * of the remote (no git binary, or asked for), or not at all (files only).
 */
export async function gitMode(config: ContentConfig): Promise<'cli' | 'library' | 'off'> {
  if (config.git === 'off') return 'off';
  if (config.git === 'library') return config.remote ? 'library' : 'off';
  if (await gitAvailable()) return 'cli';
  return config.remote ? 'library' : 'off';
}

const authorEmail = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-') || 'admin'}@users.noreply.rwa-analytics`;

const UPLOAD_REF = /\/api\/uploads\/([a-z2-7]{20,40})\b/g;
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/** Copies the uploaded images a document uses into media/, returning their paths (relative to the content dir). */
async function writeMedia(db: Database, dir: string, document: string): Promise<string[]> {
  const ids = [...new Set([...document.matchAll(UPLOAD_REF)].map((m) => m[1]))];
  if (!ids.length) return [];
  const rows = await db
    .select({ id: uploads.id, mimeType: uploads.mimeType, data: uploads.data })
    .from(uploads)
    .where(inArray(uploads.id, ids));
  const paths: string[] = [];
  for (const row of rows) {
    const rel = `media/${row.id}.${EXTENSIONS[row.mimeType] ?? 'bin'}`;
    const abs = join(dir, rel);
    if (!existsSync(abs)) {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, row.data);
    }
    paths.push(rel);
  }
  return paths;
}

/** Puts one revision's files in place; the paths it touched, relative to the content dir. */
async function applyFiles(db: Database, dir: string, row: Revision): Promise<string[]> {
  const touched = [row.path];
  if (row.previousPath && row.previousPath !== row.path) {
    rmSync(join(dir, row.previousPath), { force: true });
    touched.push(row.previousPath);
  }
  const file = join(dir, row.path);
  if (row.action === 'delete') {
    rmSync(file, { force: true });
    return touched;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, row.document);
  return [...touched, ...(await writeMedia(db, dir, row.document))];
}

const message = (row: Revision) => `${row.message}\n\nContent-Revision: ${row.uid}`;
const authorOf = (row: Revision) => ({ name: row.authorName, email: authorEmail(row.authorName) });

/** The git CLI in the work tree holding the content folder; pushes to the remote when there is one. */
function cliGit(db: Database, config: ContentConfig): ContentGit {
  return {
    mode: 'cli',
    async deliver(rows) {
      const root = await ensureRepository(config.dir);
      const shas = new Map<number, string | null>();
      // Committed on an earlier attempt (before a crash, or before a push that failed): only the mark is missing.
      const committed = await findRevisionCommits(
        root,
        rows.map((row) => row.uid),
      );
      for (const row of rows) {
        let sha = committed.get(row.uid) ?? null;
        if (!sha) {
          const touched = await applyFiles(db, config.dir, row);
          sha = await commitPaths(
            root,
            touched.map((p) => repoPath(root, join(config.dir, p))),
            message(row),
            authorOf(row),
          );
        }
        shas.set(row.id, sha);
      }
      if (!config.remote) return { shas, rebased: false };
      const rebased = await pushWithRebase(db, root, config.remote);
      // A rebase gave our commits new ids: point each row at the commit the remote now has.
      if (rebased) {
        const moved = await findRevisionCommits(
          root,
          rows.filter((row) => shas.get(row.id)).map((row) => row.uid),
        );
        for (const row of rows) if (shas.get(row.id)) shas.set(row.id, moved.get(row.uid) ?? null);
      }
      return { shas, rebased };
    },
  };
}

/** isomorphic-git in a clone of the remote: the local files may be read-only (a deploy bundle). */
function libraryGit(db: Database, remote: NonNullable<ContentConfig['remote']>): ContentGit {
  return {
    mode: 'library',
    async deliver(rows) {
      // Loaded here, on the first delivery in this mode: isomorphic-git and its dependencies cost about
      // 0.2 s of CPU to load, which every server with a git binary (the usual case) would pay at start.
      const { commitAndPushWithLibrary } = await import('./remote-library.ts');
      const shas = await commitAndPushWithLibrary(remote, rows, (dir, row) => applyFiles(db, dir, row), authorEmail);
      return { shas, rebased: false };
    },
  };
}

/** Files only (CONTENT_GIT=off, or no git and no remote). */
function filesOnly(db: Database, config: ContentConfig): ContentGit {
  return {
    mode: 'off',
    async deliver(rows) {
      for (const row of rows) await applyFiles(db, config.dir, row);
      return { shas: new Map(rows.map((r) => [r.id, null])), rebased: false };
    },
  };
}

export async function contentGit(db: Database, config: ContentConfig): Promise<ContentGit> {
  const mode = await gitMode(config);
  if (mode === 'library') return libraryGit(db, config.remote!);
  if (mode === 'cli') return cliGit(db, config);
  return filesOnly(db, config);
}
