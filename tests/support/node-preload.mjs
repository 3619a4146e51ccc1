/**
 * Preloaded (`--import`) into the servers and ingest runs the tests start (childNodeOptions in
 * server.ts), and into the test workers of the lanes that load with Node's own loader (NODE_LANE in
 * vitest.config.ts), to spend less CPU loading the same modules dozens of times per test run. None of these
 * changes what is loaded or how it runs.
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
 * 3. A bare specifier ('drizzle-orm/sqlite-core', 'zod') resolved once per package folder. Node caches a
 *    resolution per importing file only, and each of its resolutions parses the package's "exports"
 *    again (twice: for the path, then for the file's format); the server imports drizzle-orm, zod and
 *    viem from a few hundred files of its own and of the built chunks. The first resolution of a
 *    specifier from a package folder (the node_modules/<name> Node's lookup finds from the importer's
 *    folder up), under the same conditions, is Node's own; later ones from importers that find the same
 *    folder get its answer. Left to Node: a package importing itself by name, an importer with no
 *    package.json above it, and an answer outside the package folder.
 *
 * One defillama ingest run: 4.1-4.6 s of CPU before, 2.4-2.6 s with 2, about 1.9 s with both.
 */
import * as nodeModule from 'node:module';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// A Node before 22.15 (npm's own, say) lacks some of these and loads as it always did.
if (nodeModule.enableCompileCache && nodeModule.flushCompileCache) {
  nodeModule.enableCompileCache(join(tmpdir(), 'rwa-node-compile-cache'));
  for (const ms of [2_000, 5_000, 10_000, 20_000]) setTimeout(() => nodeModule.flushCompileCache(), ms).unref();
}

/**
 * Folder -> its package scope as Node finds it (the nearest package.json, not looking past a
 * node_modules folder): { type: 'module' | 'commonjs' | null (no explicit "type"), name }, or null
 * (none, or unreadable: Node decides).
 */
const scopeOfFolder = new Map();

function packageScope(dir) {
  if (scopeOfFolder.has(dir)) return scopeOfFolder.get(dir);
  let scope = null;
  try {
    const { type, name } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    scope = { type: type === 'module' || type === 'commonjs' ? type : null, name };
  } catch (error) {
    const parent = dirname(dir);
    // No package.json here: the next folder up decides (an unreadable one: Node decides).
    if (error?.code === 'ENOENT' && parent !== dir && basename(parent) !== 'node_modules') scope = packageScope(parent);
  }
  scopeOfFolder.set(dir, scope);
  return scope;
}

/** `${folder}\0${name}` -> the folder node_modules/<name> Node's lookup finds from there up, or null. */
const packageFolders = new Map();

function packageFolder(dir, name) {
  const key = `${dir}\0${name}`;
  if (packageFolders.has(key)) return packageFolders.get(key);
  const candidate = join(dir, 'node_modules', name);
  let found;
  try {
    found = statSync(candidate).isDirectory() ? candidate : undefined;
  } catch {
    found = undefined;
  }
  if (found === undefined) {
    const parent = dirname(dir);
    found = parent === dir ? null : packageFolder(parent, name);
  }
  packageFolders.set(key, found);
  return found;
}

/** A bare specifier's package name ('drizzle-orm', '@libsql/client'), or null when Node should judge it. */
function packageName(specifier) {
  if (/^[./#]|[:%?\\]/.test(specifier) || nodeModule.isBuiltin(specifier)) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? (parts.length > 1 && parts[1] ? `${parts[0]}/${parts[1]}` : null) : parts[0];
  return name || null;
}

/** `${package folder}\0${specifier}\0${conditions}` -> what Node resolved it to ({ url, format }). */
const resolvedBare = new Map();

nodeModule.registerHooks?.({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (!parent?.startsWith('file:')) return nextResolve(specifier, context);
    if ((specifier.startsWith('./') || specifier.startsWith('../')) && specifier.endsWith('.js') && parent.includes('/node_modules/')) {
      let file;
      try {
        file = realpathSync.native(fileURLToPath(new URL(specifier, parent)));
        if (!statSync(file).isFile()) file = undefined;
      } catch {
        file = undefined;
      }
      const type = file && packageScope(dirname(file))?.type;
      if (type) return { url: pathToFileURL(file).href, format: type, shortCircuit: true };
      return nextResolve(specifier, context);
    }
    const name = packageName(specifier);
    if (name) {
      const from = dirname(fileURLToPath(parent));
      const folder = packageFolder(from, name);
      const scope = packageScope(from);
      // A package importing itself by name resolves through its own package.json: Node's to do.
      if (folder && scope && scope.name !== name) {
        const key = `${folder}\0${specifier}\0${context.conditions?.join(',')}`;
        const known = resolvedBare.get(key);
        if (known) return { ...known, shortCircuit: true };
        const result = nextResolve(specifier, context);
        // Kept only when it is a file of that package: a hook further down the chain that answered
        // something else (a stand-in, say) may answer per importer, so it is asked every time.
        if (result.url.startsWith(`${pathToFileURL(realpathSync.native(folder)).href}/`)) {
          resolvedBare.set(key, { url: result.url, format: result.format });
        }
        return result;
      }
    }
    return nextResolve(specifier, context);
  },
});
