/**
 * The one rendering pipeline for user-written text: Markdown -> HTML -> sanitised -> heading ids
 * -> string. Raw HTML in a post never reaches a page unsanitised, and heading ids (at most 50
 * characters) are what the table of contents links to. Pure, so server pages and an editor
 * preview render exactly the same HTML.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { markupSchema, rehypeDropMarkupInAttributes, rehypeLowerCaseSchemes } from './schema.ts';
import { rehypeHeadingIds, type TocEntry } from './heading-ids.ts';
import { limitNesting } from './nesting.ts';
import { rehypeFootnoteLinks, rehypeGfmPresentation } from './gfm.ts';

export { HEADING_ID_MAX, headingSlug, type TocEntry } from './heading-ids.ts';
export { limitNesting, MAX_NESTING } from './nesting.ts';
export interface RenderedMarkup {
  html: string;
  toc: TocEntry[];
}

/**
 * Renders the spec's simple markup (# to #### headings, **bold**, '- ' lists, blank-line
 * paragraphs; ordinary Markdown passes too, GitHub's flavour of it included: tables, ~~struck~~
 * text, task lists, footnotes and bare links). Raw HTML is parsed, then sanitised with
 * `markupSchema`: what survives is inert markup. Nesting is bounded first (limitNesting), so no text
 * makes the parser recurse or backtrack without end.
 */
export interface RenderOptions {
  /**
   * The level of the page's last heading before the body (2 under a reading page's TOC title):
   * body headings then never skip a level after it (see rehypeHeadingIds).
   */
  after?: number;
  /** Ids the surrounding page uses; headings get a -1, -2 suffix instead of clashing. */
  reservedIds?: readonly string[];
}

export function renderMarkup(source: string, options: RenderOptions = {}): RenderedMarkup {
  const toc: TocEntry[] = [];
  const html = unified()
    .use(remarkParse)
    .use(remarkGfm)
    // Footnote ids unprefixed here: the sanitiser prefixes every id once (see rehypeFootnoteLinks).
    .use(remarkRehype, { allowDangerousHtml: true, clobberPrefix: '' })
    .use(rehypeRaw)
    .use(rehypeLowerCaseSchemes)
    .use(rehypeSanitize, markupSchema)
    .use(rehypeDropMarkupInAttributes)
    .use(rehypeFootnoteLinks)
    .use(rehypeGfmPresentation)
    .use(rehypeHeadingIds(toc, options.after, options.reservedIds))
    .use(rehypeStringify)
    .processSync(limitNesting(source))
    .toString();
  return { html, toc };
}
