/**
 * The paging rule of the tables with a 'Load More' control (components/data/LoadMore.astro): every
 * row is in the page (so it reads without JavaScript), those past the first page carry
 * data-more-row and are revealed `step` at a time.
 */
export interface Paging {
  first: number;
  step: number;
}

export const TEN_AT_A_TIME: Paging = { first: 10, step: 10 };

/** The data-more-row attribute of the row at `index`: present past the first page. */
export const moreRow = (index: number, paging: Paging): '' | undefined => (index >= paging.first ? '' : undefined);

/** How many rows start hidden. */
export const hiddenRows = (rows: number, paging: Paging): number => Math.max(0, rows - paging.first);
