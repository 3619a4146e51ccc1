import type { Element, ElementContent, Root } from 'hast';
import { SKIP, visit } from 'unist-util-visit';

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
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

/** Gives `slug` a -1, -2 ... suffix until it is unused, keeping the whole id within the limit. */
function uniqueSlug(slug: string, used: Set<string>, max = HEADING_ID_MAX): string {
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
 * collects the table of contents into `toc`. Headings keep the levels the spec states (# h1,
 * ## h2, ### h3, #### h4), so a body's `#` is an h1 beside the page title's h1. With `after` (the
 * level of the page's last heading before the body), a heading never goes more than one level
 * below the heading before it, which is what the heading-order audit asks: text that skips levels
 * (`#` then `###`, or a body opening with `####` under an h2) has those headings raised just
 * enough, siblings staying siblings; text that does not skip keeps its levels exactly. The TOC lists the rendered levels.
 * `reservedIds` are ids the page itself uses (a heading 'Main' must not take the skip link's
 * #main). It runs after sanitising: the ids it writes are slugs (letters, digits, hyphens), so
 * they cannot carry markup or script.
 */
export function rehypeHeadingIds(toc: TocEntry[], after?: number, reservedIds: readonly string[] = []) {
  return () => (tree: Root) => {
    const headings: { node: Element; depth: number }[] = [];
    visit(tree, 'element', (node: Element) => {
      // The footnotes' own (screen-reader) heading keeps its id, which the footnote links are
      // described by, and is no section of the text's contents.
      if (node.tagName === 'section' && node.properties.dataFootnotes !== undefined) return SKIP;
      const match = HEADING.exec(node.tagName);
      if (match) headings.push({ node, depth: Number(match[1]) });
    });
    const used = new Set<string>(reservedIds);
    // The open sections (written and rendered level): a heading sits one level below its parent
    // at most, and siblings (same written level) stay siblings.
    const open: { written: number; depth: number }[] = [];
    for (const { node, depth: written } of headings) {
      while (open.length && open[open.length - 1].written >= written) open.pop();
      const parent = open.length ? open[open.length - 1].depth : after;
      // Without a page context (after undefined) the text's own levels stand.
      const depth = after === undefined || parent === undefined ? written : Math.min(written, parent + 1);
      open.push({ written, depth });
      const text = textOf(node).replace(/\s+/g, ' ').trim();
      const id = uniqueSlug(headingSlug(text), used);
      node.properties = { ...node.properties, id };
      node.tagName = `h${depth}`;
      toc.push({ depth, id, text });
    }
  };
}
