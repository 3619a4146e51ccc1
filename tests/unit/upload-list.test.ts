import { describe, expect, it } from 'vitest';
import {
  cursorOf,
  pageOf,
  parseCursor,
  readUploadListQuery,
  uploadAlt,
  UPLOAD_LIST_LIMIT,
  type UploadListItem,
} from '#lib/shared/upload-list.ts';

const ID = 'abcdefghijklmnopqrstuvwxyz';
const read = (q: string) => readUploadListQuery(new URLSearchParams(q));
const item = (n: number): UploadListItem => ({
  id: 'a'.repeat(20) + 'b'.repeat(n),
  url: `/api/uploads/x${n}`,
  mimeType: 'image/png',
  size: 100,
  width: 40,
  height: 21,
  createdAt: new Date(Date.UTC(2026, 10, 28, 16, 2, 0, n)).toISOString(),
});

describe('the media list query', () => {
  it('reads the default page, a limit and a cursor', () => {
    expect(read('')).toEqual({ query: { limit: UPLOAD_LIST_LIMIT.default, before: null } });
    expect(read(`limit=1&before=1764345720000-${ID}`)).toEqual({ query: { limit: 1, before: { at: 1764345720000, id: ID } } });
    expect(read(`limit=${UPLOAD_LIST_LIMIT.max}`)).toEqual({ query: { limit: UPLOAD_LIST_LIMIT.max, before: null } });
  });

  it('refuses a limit out of range or not a whole number, a made-up cursor, unknown and repeated parameters', () => {
    for (const q of [
      'limit=0',
      `limit=${UPLOAD_LIST_LIMIT.max + 1}`,
      'limit=-1',
      'limit=2.5',
      'limit=',
      'limit=1e1',
      'limit=0x10',
      'limit=%201',
    ]) {
      expect(read(q), q).toEqual({ issues: { limit: [expect.stringMatching(/whole number from 1 to 60/)] } });
    }
    for (const q of ['before=', 'before=1', `before=x-${ID}`, `before=1-${ID.toUpperCase()}`, `before=1-${ID}1`, `before=1-../../etc`]) {
      expect(read(q), q).toMatchObject({ issues: { before: [expect.any(String)] } });
    }
    expect(read('page=2')).toEqual({ issues: { page: [expect.stringMatching(/Unknown parameter/)] } });
    expect(read('limit=1&limit=2')).toEqual({ issues: { limit: ['Given more than once.'] } });
    expect(Object.keys((read(`${'k'.repeat(500)}=1`) as { issues: object }).issues)[0]).toHaveLength(40);
  });

  it('gives a cursor that reads back as the image it names', () => {
    const last = item(7);
    expect(parseCursor(cursorOf(last))).toEqual({ at: Date.parse(last.createdAt), id: last.id });
  });
});

describe('a page of the media list', () => {
  it('says a next page follows only when a row past the limit was read, and starts it after the last image shown', () => {
    const rows = [item(3), item(2), item(1)];
    expect(pageOf(rows, 2)).toEqual({ items: rows.slice(0, 2), next: cursorOf(rows[1]) });
    expect(pageOf(rows, 3)).toEqual({ items: rows, next: null });
    expect(pageOf(rows.slice(0, 2), 3)).toEqual({ items: rows.slice(0, 2), next: null });
    expect(pageOf([], 24)).toEqual({ items: [], next: null });
  });
});

describe("an uploaded image's alt text", () => {
  it('names its type, size and upload time in UTC', () => {
    expect(uploadAlt({ mimeType: 'image/jpeg', width: 1200, height: 630, createdAt: '2026-11-28T16:02:59.000Z' })).toBe(
      'JPEG image, 1200x630, uploaded 28 Nov 2026, 16:02 UTC',
    );
    expect(uploadAlt({ mimeType: 'image/x-unknown', width: null, height: null, createdAt: '2026-11-28T16:02:00.000Z' })).toBe(
      'Image, uploaded 28 Nov 2026, 16:02 UTC',
    );
  });
});
