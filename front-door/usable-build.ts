/**
 * Whether dist/ holds a build this Node server can serve: `npm run serve` on a missing build, or on
 * one made for Netlify (static files, no dist/server/), or on one whose chunks are gone, says what to
 * run in one line instead of throwing ERR_MODULE_NOT_FOUND with a stack.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

type Entry = { handler: (req: IncomingMessage, res: ServerResponse) => unknown };

export const NO_BUILD =
  'No usable build of the Node server in dist/: run `npm start` (it builds, then serves), or `npm run build` and then `npm run serve`.';

export function usableBuild(dist: URL): { ok: true; load: () => Promise<Entry> } | { ok: false; problem: string } {
  const entry = new URL('server/entry.mjs', dist);
  if (!existsSync(entry) || !existsSync(new URL('client/', dist))) return { ok: false, problem: NO_BUILD };
  return {
    ok: true,
    // Loaded late (after the database is ready), as before; a build that is there but broken or foreign
    // (its chunks gone, another adapter's entry) ends the same way, in one line.
    load: async () => {
      let why = 'it exports no request handler';
      try {
        const mod = (await import(entry.href)) as Partial<Entry>;
        if (typeof mod.handler === 'function') return mod as Entry;
      } catch (error) {
        why = String((error as Error).message ?? error).split('\n')[0];
      }
      console.error(`${NO_BUILD} (dist/server/entry.mjs: ${why})`);
      process.exit(1);
    },
  };
}
