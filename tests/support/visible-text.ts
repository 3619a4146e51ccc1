import { parse } from 'parse5';

/**
 * The text a visitor reads on a server-rendered page: every text node outside script, style,
 * noscript, template and head (attributes aside), one entry per node, so a check can tell a figure
 * standing alone in its element ("$1.20B") from a sentence that mentions one.
 */
interface P5Node {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: P5Node[];
}

const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'head']);

export interface TextOptions {
  /**
   * Leave out text written by others, shown as written: rendered Markdown (data-markdown: an article's
   * body, the snapshot's notes) and quoted source references (data-quoted).
   */
  withoutQuoted?: boolean;
}

function walk(node: P5Node, out: string[], options: TextOptions): string[] {
  if (node.tagName && HIDDEN.has(node.tagName)) return out;
  if (options.withoutQuoted && node.attrs?.some((a) => a.name === 'data-markdown' || a.name === 'data-quoted')) return out;
  if (node.nodeName === '#text' && node.value) out.push(node.value);
  for (const child of node.childNodes ?? []) walk(child, out, options);
  return out;
}

export const visibleTextNodes = (html: string, options: TextOptions = {}): string[] => walk(parse(html) as unknown as P5Node, [], options);

/** The visible text as one string, white space collapsed. */
export const visibleText = (html: string, options: TextOptions = {}): string =>
  visibleTextNodes(html, options).join(' ').replace(/\s+/g, ' ');
