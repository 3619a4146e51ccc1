/**
 * The row a write adds to the content journal (the git outbox): the item's file as it now reads,
 * where it lives (and lived, after a rename) and the commit message. One shape for the admin's
 * saves and deletes and for the export of a database that predates the content files.
 */
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { itemFile, type ArticleKind } from '#lib/shared/article-kinds.ts';
import { toDocument } from './documents.ts';
import type { ArticleValues } from './values.ts';

const newUid = () => encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(15)));

/**
 * A commit message as it may be written: one line, without the controls a title can carry. ESC and
 * BEL would act on the terminal of whoever runs `git log`, U+202E and the other bidi overrides make a
 * subject read differently from what it says, and a line break would let a title add trailers
 * (`Content-Revision:`) of its own. Whitespace runs become one space; the other controls are dropped.
 */
export function commitMessage(text: string): string {
  return text
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ')
    .replace(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export async function revisionRow(
  kind: ArticleKind,
  id: number,
  values: ArticleValues,
  action: 'save' | 'delete',
  message: string,
  authorName: string,
  previousSlug?: string,
) {
  return {
    uid: newUid(),
    kind,
    articleId: id,
    action,
    path: itemFile(kind, values.slug),
    previousPath: previousSlug && previousSlug !== values.slug ? itemFile(kind, previousSlug) : null,
    document: await toDocument(kind, id, values),
    message: commitMessage(message),
    authorName,
    createdAt: new Date(),
  };
}
