/**
 * Element ids the reading pages (layout, post, article) use outside the rendered body. Heading
 * ids from the body skip these, so a heading called 'Main' or 'Stay Updated' cannot steal a
 * link target from the page.
 */
export const READING_PAGE_IDS = [
  'main',
  'toc-title',
  'tags-title',
  'stay-updated',
  'newsletter',
  'newsletter-email',
  'newsletter-status',
] as const;

/**
 * The level of the last heading before a reading page's body: the table of contents' h2 title
 * (TableOfContents.astro, placed before the body in the DOM). Body headings may follow it at any
 * level up to h3 without skipping one (renderMarkup's `after`).
 */
export const TOC_HEADING_LEVEL = 2;
