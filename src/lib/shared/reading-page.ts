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
