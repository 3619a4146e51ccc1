/**
 * The editor's media list (GET /api/uploads, admin only): which page of the uploaded images a query
 * asks for, how the answer says where the next page starts, and the words that name each image.
 *
 * Pages are cut by a cursor, not a page number: the newest image comes first, so an image uploaded
 * while the admin pages on would shift every numbered page by one (an image shown twice, another never).
 * The cursor names the last image shown (its upload time and id); the next page holds those older.
 */
import { formatTimestamp } from './format.ts';

export const UPLOAD_LIST_LIMIT = { default: 24, max: 60 } as const;

/** Where a page starts: images uploaded before `at`, or at `at` with a smaller id (two in one millisecond). */
export interface UploadCursor {
  at: number;
  id: string;
}

export interface UploadListQuery {
  limit: number;
  before: UploadCursor | null;
}

/** One image as the list answers it: what the picker shows and names, never its bytes. */
export interface UploadListItem {
  id: string;
  url: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  createdAt: string;
}

export interface UploadList {
  items: UploadListItem[];
  /** The `before` of the next page, or null when this page holds the oldest image. */
  next: string | null;
}

const CURSOR = /^(\d{1,15})-([a-z2-7]{20,40})$/;
const KNOWN = new Set(['limit', 'before']);

export const cursorOf = (item: { createdAt: string; id: string }): string => `${Date.parse(item.createdAt)}-${item.id}`;

/** The cursor as sent, or null when it is not one (then the query is refused, not read as "from the start"). */
export function parseCursor(value: string): UploadCursor | null {
  const m = CURSOR.exec(value);
  return m ? { at: Number(m[1]), id: m[2] } : null;
}

/**
 * Reads `?limit=&before=`: the query, or the problems per parameter (the route answers 400 with them).
 * Strict, since only the editor asks: an unknown or repeated parameter is a mistake to say, not to skip.
 */
export function readUploadListQuery(params: URLSearchParams): { query: UploadListQuery } | { issues: Record<string, string[]> } {
  const issues: Record<string, string[]> = {};
  const problem = (key: string, text: string) => (issues[key] ??= []).push(text);
  for (const key of new Set(params.keys())) {
    if (!KNOWN.has(key)) problem(key.slice(0, 40), 'Unknown parameter: only limit and before are read.');
    else if (params.getAll(key).length > 1) problem(key, 'Given more than once.');
  }
  let limit: number = UPLOAD_LIST_LIMIT.default;
  const asked = params.get('limit');
  if (asked !== null) {
    limit = /^\d{1,3}$/.test(asked) ? Number(asked) : NaN;
    if (!(limit >= 1 && limit <= UPLOAD_LIST_LIMIT.max)) problem('limit', `A whole number from 1 to ${UPLOAD_LIST_LIMIT.max}.`);
  }
  const rawBefore = params.get('before');
  const before = rawBefore === null ? null : parseCursor(rawBefore);
  if (rawBefore !== null && !before) problem('before', 'Not a cursor this list gave (the `next` of an earlier page).');
  return Object.keys(issues).length ? { issues } : { query: { limit, before } };
}

/**
 * A page from the rows read for it: the store reads one row past the limit, and that extra row's
 * existence (not the row itself) says there is a next page.
 */
export function pageOf(rows: UploadListItem[], limit: number): UploadList {
  const items = rows.slice(0, limit);
  return { items, next: rows.length > limit && items.length ? cursorOf(items[items.length - 1]) : null };
}

const TYPE_NAMES: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/gif': 'GIF' };

/**
 * The words that name an uploaded image in the picker (its alt text): its type, size and upload time.
 * An upload keeps no description of its own, and these tell two images apart by what the admin knows.
 */
export function uploadAlt(item: Pick<UploadListItem, 'mimeType' | 'width' | 'height' | 'createdAt'>): string {
  const type = Object.hasOwn(TYPE_NAMES, item.mimeType) ? `${TYPE_NAMES[item.mimeType]} image` : 'Image';
  const size = item.width && item.height ? `, ${item.width}x${item.height}` : '';
  return `${type}${size}, uploaded ${formatTimestamp(item.createdAt)}`;
}
