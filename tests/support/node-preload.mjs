/**
 * Preloaded (`--import`) into the servers and ingest runs the tests start (childNodeOptions in
 * server.ts), to spend less CPU loading the same modules dozens of times per test run. Neither changes
 * what is loaded or how it runs.
 *
 * 1. Node's compile cache, in one folder under the temp directory: a module compiled (and its types
 *    stripped) by an earlier process is read back instead. Entries are checked against the source, so a
 *    changed file compiles afresh. A server is stopped by a signal, which skips the flush at exit: its
 *    entries are written once it has been up a while.
 *
 * 2. A relative `.js` import inside node_modules resolved the way Node does, without Node 24's cost
 *    for it. For every `.js` file it resolves, Node looks up the nearest package.json's "type" and, in
 *    doing so, parses that package's whole "exports" map again (getPackageScopeConfig copies the parsed
 *    fields, and "exports" is parsed lazily on each copy). drizzle-orm's map is 179 KB and it loads
 *    about 110 of its files through several hundred imports. Here a package's "type" is read once per
 *    folder. Same answer as Node's: the file's real path (symlinks followed), and the format its nearest
 *    package.json's explicit "type" gives a `.js` file. Anything else (a bare or absolute specifier, a
 *    query, a file outside node_modules, no explicit "type", a missing file) goes to Node's own resolver.
 *
 * One defillama ingest run: 4.1-4.6 s of CPU before, 2.4-2.6 s with 2, about 1.9 s with both.
 */
import * as nodeModule from 'node:module';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// A Node before 22.15 (npm's own, say) lacks some of these and loads as it always did.
if (nodeModule.enableCompileCache && nodeModule.flushCompileCache) {
  nodeModule.enableCompileCache(join(tmpdir(), 'rwa-node-compile-cache'));
  for (const ms of [2_000, 5_000, 10_000, 20_000]) setTimeout(() => nodeModule.flushCompileCache(), ms).unref();
}

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
