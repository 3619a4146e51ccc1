import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The map a newcomer reads (CONTRIBUTING's "Where things go") and the decision records stay true
 * to the tree: a room added without a line on the map, or a decision that names a file (which moves
 * long before the idea does), fails here rather than misleading the next reader.
 */
const root = process.cwd();
const folders = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `${dir}/${e.name}`);

const mapSection = () => {
  const text = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
  const start = text.indexOf('## Where things go');
  return text.slice(start, text.indexOf('\n## ', start + 1));
};

/** A folder is named when the map's table names it, alone or in a `{a,b}` group of its parent. */
const named = (map: string, folder: string) => {
  if (map.includes(`\`${folder}\``) || map.includes(`\`${folder}/\``)) return true;
  const parent = folder.slice(0, folder.lastIndexOf('/'));
  const leaf = folder.slice(folder.lastIndexOf('/') + 1);
  return [...map.matchAll(/`([^`{]+)\/\{([^}]+)\}`/g)].some((m) => m[1] === parent && m[2].split(',').includes(leaf));
};

describe('the map of the rooms', () => {
  it('names every folder of the server and of the front door', () => {
    const map = mapSection();
    const rooms = [...folders('src/lib/server'), 'front-door', ...folders('front-door')];
    const missing = rooms.filter((f) => !named(map, f));
    expect(missing).toEqual([]);
  });

  it('a made-up room is caught', () => {
    expect(named(mapSection(), 'src/lib/server/no-such-room')).toBe(false);
    expect(named(mapSection(), 'src/lib/server/og')).toBe(true);
  });

  it('decision records from 014 on name ideas, not file paths', () => {
    const dir = join(root, 'docs/decisions');
    const records = readdirSync(dir).filter((f) => Number(f.slice(0, 3)) >= 14);
    expect(records.length).toBeGreaterThanOrEqual(6);
    // A path: a word with a slash and an extension, or a bare source file name.
    const path = /[\w.-]+\/[\w./-]+\.\w+|\b[\w-]+\.(ts|tsx|astro|mjs|js|json|sql)\b/;
    const offenders = records.filter((f) => path.test(readFileSync(join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
