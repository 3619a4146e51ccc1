import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseConfig } from '#db/client.ts';
import { ensureDatabaseFolder, migrateDatabase, SchemaTooNewError } from '#db/migrate.ts';
import { LockTimeoutError, withDatabaseLock } from '#db/lock.ts';
import { installChangeCounter } from '#db/change-counter.ts';
import { ensureAdmin, type AdminSeedResult, type AdminCredentials } from './admin.ts';
import { seedOnce } from './once.ts';
import { datasetMeta, READ_MODEL_MARKER } from '#db/schema/index.ts';

const CONTENT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../content');

export interface SetupResult {
  admin: AdminSeedResult;
  seededAnalytics: boolean;
  /** The CDN tags purged because a migration of this start rewrote what cached answers show. */
  purged: string[];
}

/** The CDN module, loaded only by a start that purges (see PURGE_AFTER). */
const loadCdn = () => import('#lib/server/cache/cdn.ts');
type Cdn = Awaited<ReturnType<typeof loadCdn>>;

/**
 * Migrations that rewrite stored texts the answers show (by tag suffix), and what they make stale on
 * a CDN: the clean-up of configured URLs stored whole rewrites sources on every data page and API.
 * The CDN module (the route parameters, the embeds, the chart frames it reads) is loaded only when a
 * migration of this start asks for a purge: every other start spent some 60 ms of CPU loading it.
 */
const PURGE_AFTER: ReadonlyArray<[suffix: string, tags: (cdn: Cdn) => readonly string[]]> = [
  ['_scrub_configured_urls', (cdn) => cdn.PUBLISHED_RUN_TAGS],
];

/** The tags to purge after the migrations `applied` (tags) ran. */
async function purgeAfter(applied: readonly string[]): Promise<string[]> {
  const due = PURGE_AFTER.filter(([suffix]) => applied.some((t) => t.endsWith(suffix)));
  if (!due.length) return [];
  const cdn = await loadCdn();
  return [...new Set(due.flatMap(([, tags]) => tags(cdn)))];
}

/**
 * A database published before the read model: build its cells and totals from its last published
 * run (once: the migration that moved the run's keys into its row left a marker naming it). The
 * publish step is loaded only when the marker is there: any other start has nothing to build.
 */
async function rebuildReadModelIfPublished(db: Database) {
  const marker = await db.select({ key: datasetMeta.key }).from(datasetMeta).where(eq(datasetMeta.key, READ_MODEL_MARKER));
  if (!marker.length) return;
  const [{ rebuildReadModel }, { loadRegistry, registryPath }] = await Promise.all([
    import('#lib/server/ingest/publish.ts'),
    import('#lib/server/catalogue/registry.ts'),
  ]);
  await rebuildReadModel(db, () => loadRegistry(registryPath(process.env)));
}

/**
 * Migrates the database and fills an empty one: admin user, analytics snapshot (posts and articles:
 * src/lib/server/content/sync.ts). Under the database's own lock: instances starting at once on one
 * database (two servers on a libSQL server, a build beside them) migrate and seed it once.
 */
export async function prepareDatabase(
  { database: config, admin: credentials }: { database: DatabaseConfig; admin: AdminCredentials },
  contentDir = CONTENT_DIR,
  purge: (tags: readonly string[]) => Promise<unknown> = async (tags) => (await loadCdn()).purgeTags(tags),
): Promise<SetupResult> {
  ensureDatabaseFolder(config.url);
  const { client, db } = openDatabase(config);
  try {
    const result = await withDatabaseLock(client, 'setup', async () => {
      const purged = await purgeAfter(await migrateDatabase(db, client, config.url));
      await installChangeCounter(client);
      const admin = await ensureAdmin(db, credentials);
      // The seed (the snapshot's schemas and readers) is loaded only for the one start that runs it.
      const seededAnalytics = await seedOnce(db, 'analytics', async () => {
        const { seedAnalytics } = await import('./analytics.ts');
        await seedAnalytics(db, resolve(contentDir, 'data'));
      });
      await rebuildReadModelIfPublished(db);
      return { admin, seededAnalytics, purged };
    });
    // After the rewrite is committed and the lock released, so no CDN refills from the old rows (a no-op off Netlify).
    if (result.purged.length) await purge(result.purged);
    return result;
  } finally {
    client.close();
  }
}

/** prepareDatabase for a start: a schema newer than the code, or a lock never released, is one line and exit 1. */
export async function prepareDatabaseOrExit(...args: Parameters<typeof prepareDatabase>): Promise<SetupResult> {
  try {
    return await prepareDatabase(...args);
  } catch (error) {
    if (!(error instanceof SchemaTooNewError || error instanceof LockTimeoutError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
