/**
 * Preloaded (`--import`) into the servers and ingest runs the tests start: resolves a relative `.js`
 * import inside node_modules the way Node does, without Node 24's cost for it.
 *
 * Why: for every `.js` file it resolves, Node looks up the nearest package.json's "type" and, in doing
 * so, parses that package's whole "exports" map again (getPackageScopeConfig copies the parsed fields,
 * and "exports" is parsed lazily on each copy). drizzle-orm's map is 179 KB and it loads about 110 of
 * its files through several hundred imports: importing it took 2.5 s of CPU of a server start's 5, and
 * the same in each `npm run ingest`. Here a package's "type" is read once per folder.
 *
 * Same answer as Node's: the file's real path (symlinks followed), and the format its nearest
 * package.json's explicit "type" gives a `.js` file. Anything else (a bare or absolute specifier, a
 * query, a file outside node_modules, no explicit "type", a missing file) goes to Node's own resolver.
 */
import * as nodeModule from 'node:module';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Folder -> 'module' | 'commonjs' from its nearest package.json, or null (no explicit "type": Node decides). */
const typeOfFolder = new Map();

function packageType(dir) {
  if (typeOfFolder.has(dir)) return typeOfFolder.get(dir);
  let type = null;
  try {
    const { type: declared } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (declared === 'module' || declared === 'commonjs') type = declared;
  } catch (error) {
    const parent = dirname(dir);
    // No package.json here: the next folder up decides (an unreadable one: Node decides).
    if (error?.code === 'ENOENT' && parent !== dir) type = packageType(parent);
  }
  typeOfFolder.set(dir, type);
  return type;
}

// Node before 22.15 has no registerHooks (npm's own Node, say): it resolves as it always did.
nodeModule.registerHooks?.({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (
      (specifier.startsWith('./') || specifier.startsWith('../')) &&
      specifier.endsWith('.js') &&
      parent?.startsWith('file:') &&
      parent.includes('/node_modules/')
    ) {
      let file;
      try {
        file = realpathSync.native(fileURLToPath(new URL(specifier, parent)));
        if (!statSync(file).isFile()) file = undefined;
      } catch {
        file = undefined;
      }
      const type = file && packageType(dirname(file));
      if (type) return { url: pathToFileURL(file).href, format: type, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
