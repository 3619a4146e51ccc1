import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';
import { CLOBBER_PREFIX } from './schema.ts';

/**
 * rehype plugins, after sanitising, that finish what GitHub-flavoured Markdown (remark-gfm) needs.
 * They only rename, relabel or re-point what the sanitiser let through: nothing they write comes
 * from the author as markup.
 */

/**
 * Footnote links point at the sanitised ids. The footnotes are made without a prefix (remark-rehype's
 * clobberPrefix ''), so that the sanitiser adds its own once ("fn-1" becomes "user-content-fn-1"); the
 * links to them and back ("#fn-1") are given the same prefix here, or they would lead nowhere.
 */
export function rehypeFootnoteLinks() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      const p = node.properties;
      if (node.tagName !== 'a' || !(p.dataFootnoteRef !== undefined || p.dataFootnoteBackref !== undefined)) return;
      if (typeof p.href === 'string' && p.href.startsWith('#') && !p.href.startsWith(`#${CLOBBER_PREFIX}`)) {
        p.href = `#${CLOBBER_PREFIX}${p.href.slice(1)}`;
      }
    });
  };
}

/**
 * A table cell's alignment as a class (`align-center`): the `align` attribute is obsolete HTML, and
 * the page's CSS would override it anyway. A task list's checkbox gets a name ('Task': a screen
 * reader then says "Task, checkbox, checked" before the item's words). The name is a constant: the
 * item's own words copied into an attribute would carry author text into markup, what
 * rehypeDropMarkupInAttributes keeps out.
 */
export function rehypeGfmPresentation() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      const p = node.properties;
      if ((node.tagName === 'td' || node.tagName === 'th') && typeof p.align === 'string') {
        p.className = [`align-${p.align}`];
        delete p.align;
      }
      if (node.tagName === 'input' && node.properties.type === 'checkbox') node.properties.ariaLabel = 'Task';
    });
  };
}
