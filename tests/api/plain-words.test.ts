import { describe, expect, inject, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { PAGE_KINDS } from '../e2e/page-kinds.ts';
import { visibleText } from '../support/visible-text.ts';

/**
 * A visitor reads no file path and no internal term. Every public page kind
 * is fetched from the built server and its visible text (no script, style or template content,
 * attributes aside) is searched for repository paths and the developer words the review found.
 */
const base = inject('baseUrl');

const FORBIDDEN: [string, RegExp][] = [
  ['a content/ path', /\bcontent\/[\w-]/],
  ['"served"', /\bserved\b/i],
  ['"registry only"', /\bregistry only\b/i],
  ['"(registry ("', /\(registry \(/i],
  // The product's specification is the makers' document, not the visitor's: a page says what it shows.
  ['"the spec"', /\bspec(?:'s)?\b|\bspecification\b/i],
  ["a maintainer's instruction", /\bDo not append\b/],
  ['a section number', /§\s?\d|(?:^|\s)\d[a-h]\.\s+[A-Z]/],
];

/**
 * The names of our own data files (content/: the snapshot, its notes, the registry). Other projects'
 * file names cited in a source reference (a GitHub file of an issuer) are the citation, not jargon.
 */
const OWN_FILES = readdirSync('content', { recursive: true, withFileTypes: true })
  .filter((d) => d.isFile() && /\.(json|md)$/.test(d.name))
  .map((d): [string, RegExp] => [`our file ${d.name}`, new RegExp(`\\b${d.name.replace(/[.]/g, '\\.')}\\b`)]);

/**
 * Addresses are not file paths: the API docs name /api/openapi.json on purpose (that address is the
 * product), and /sources cites public reports by their full URLs.
 */
const ALLOWED = [/\/api\/openapi\.json/g, /https?:\/\/\S+/g];

describe('public pages speak plainly', () => {
  for (const kind of PAGE_KINDS.filter((k) => k.public)) {
    it(`${kind.name} (${kind.path}) shows no file path or internal term`, async () => {
      const res = await fetch(base + kind.path);
      expect(res.status).toBe(kind.status);
      const text = visibleText(await res.text());
      const cleaned = ALLOWED.reduce((t, re) => t.replace(re, ''), text);
      const found = [...FORBIDDEN, ...OWN_FILES].flatMap(([what, re]) => {
        const m = re.exec(cleaned);
        return m ? [`${what}: …${cleaned.slice(Math.max(0, m.index - 60), m.index + 60)}…`] : [];
      });
      expect(found).toEqual([]);
    });
  }
});
