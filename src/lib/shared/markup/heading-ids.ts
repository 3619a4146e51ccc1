import type { Element, ElementContent, Root } from 'hast';
import { visit } from 'unist-util-visit';

/** Table-of-contents ids are at most this long (spec section 9). */
export const HEADING_ID_MAX = 50;

export interface TocEntry {
  depth: number;
  id: string;
  text: string;
}

const HEADING = /^h([1-6])$/;

/**
 * The id of a heading: its text lowercased, characters other than letters, digits, spaces and
 * hyphens removed, runs of spaces and hyphens turned into one hyphen, at most `max` characters,
 * never starting or ending with a hyphen. Empty text gives 'section'.
 */
export function headingSlug(text: string, max = HEADING_ID_MAX): string {
  const slug = text
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

/** Gives `slug` a -1, -2 ... suffix until it is unused, keeping the whole id within the limit. */
export function uniqueSlug(slug: string, used: Set<string>, max = HEADING_ID_MAX): string {
  let id = slug;
  for (let n = 1; used.has(id); n++) {
    const suffix = `-${n}`;
    id = slug.slice(0, max - suffix.length).replace(/-+$/, '') + suffix;
  }
  used.add(id);
  return id;
}

function textOf(node: ElementContent | Element): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

/**
 * rehype plugin: gives every h1-h6 an id from its text (overwriting any id the author wrote) and
 * collects the table of contents into `toc` (with the author's levels). With `topLevel`, the
 * headings are shifted so the shallowest becomes h{topLevel}: a page whose title is its only h1
 * passes 2. `reservedIds` are ids the page itself uses (a heading 'Main' must not take the
 * skip link's #main). It runs after sanitising: the ids it writes are slugs (letters, digits, hyphens),
 * so they cannot carry markup or script.
 */
export function rehypeHeadingIds(toc: TocEntry[], topLevel?: number, reservedIds: readonly string[] = []) {
  return () => (tree: Root) => {
    const headings: { node: Element; depth: number }[] = [];
    visit(tree, 'element', (node: Element) => {
      const match = HEADING.exec(node.tagName);
      if (match) headings.push({ node, depth: Number(match[1]) });
    });
    const shift = topLevel && headings.length ? Math.max(0, topLevel - Math.min(...headings.map((h) => h.depth))) : 0;
    const used = new Set<string>(reservedIds);
    for (const { node, depth } of headings) {
      const text = textOf(node).replace(/\s+/g, ' ').trim();
      const id = uniqueSlug(headingSlug(text), used);
      node.properties = { ...node.properties, id };
      if (shift) node.tagName = `h${Math.min(6, depth + shift)}`;
      toc.push({ depth, id, text });
    }
  };
}
