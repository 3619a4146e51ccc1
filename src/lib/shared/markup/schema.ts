import { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

/** What the sanitiser puts before an id or name the author wrote (DOM clobbering). */
export const CLOBBER_PREFIX = 'user-content-';

/** The attributes the default schema allows on every element, but `align`: only table cells keep it. */
const anyElement = (defaultSchema.attributes?.['*'] ?? []).filter((a) => a !== 'align');

/**
 * GitHub's sanitising rules (hast-util-sanitize's defaultSchema), tightened:
 * - elements whose content is raw text or a nested document are dropped with their content
 *   (instead of leaving their source code as visible text);
 * - links and images keep only http(s) (and mailto for links) or relative URLs, so
 *   javascript:, vbscript: and data: never survive;
 * - ids and names written by the author keep the `user-content-` prefix (DOM clobbering);
 *   heading ids are set after sanitising by rehypeHeadingIds;
 * - what GitHub-flavoured Markdown writes passes, and no more than that: table cells aligned left,
 *   center or right (nothing else takes `align`), a task's checkbox only as a disabled checkbox
 *   (the default schema's `required`), footnotes' ids and back-links (prefixed like any other id,
 *   the links re-pointed after sanitising by rehypeFootnoteLinks), struck-through text as `del`.
 */
export const markupSchema: SanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: CLOBBER_PREFIX,
  attributes: {
    ...defaultSchema.attributes,
    '*': anyElement,
    th: [['align', 'left', 'center', 'right']],
    td: [['align', 'left', 'center', 'right']],
  },
  strip: [
    ...(defaultSchema.strip ?? []),
    'script',
    'style',
    'template',
    'textarea',
    'title',
    'xmp',
    'iframe',
    'noembed',
    'noframes',
    'noscript',
    'plaintext',
    'object',
    'embed',
    'svg',
    'math',
  ],
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto'],
    src: ['http', 'https'],
    cite: ['http', 'https'],
    longDesc: ['http', 'https'],
  },
};

/**
 * rehype plugin, after sanitising: drops any attribute whose value contains '<' or '>'.
 * Such a value is inert where it stands, but it is the raw material of mutation XSS (markup that
 * breaks out when the HTML is re-parsed in another context, e.g. `alt="</noscript><img onerror=...>"`),
 * and DOMPurify removes it for the same reason. Legitimate values lose little: an alt or title text.
 */
export function rehypeDropMarkupInAttributes() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      for (const [name, value] of Object.entries(node.properties)) {
        const text = Array.isArray(value) ? value.join(' ') : String(value);
        if (/[<>]/.test(text)) delete node.properties[name];
      }
    });
  };
}

/** The attributes the schema's `protocols` check (hast names). */
const URL_ATTRIBUTES = ['href', 'src', 'cite', 'longDesc'] as const;

/**
 * rehype plugin, before sanitising: a URL's scheme in lower case (`HTTPS://x` -> `https://x`).
 * URL schemes are case-insensitive, but the sanitiser compares them case-sensitively, so an
 * allowed link typed in capitals was dropped. Only a well-formed scheme is touched: anything the
 * sanitiser refuses (`JAVASCRIPT:` becomes `javascript:`, `java\tscript:` is left) is still refused.
 */
export function rehypeLowerCaseSchemes() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      for (const name of URL_ATTRIBUTES) {
        const value = node.properties[name];
        if (typeof value === 'string') node.properties[name] = value.replace(/^[a-z][a-z0-9+.-]*:/i, (scheme) => scheme.toLowerCase());
      }
    });
  };
}
