import { encodeParam } from '#lib/shared/view-state.ts';

/**
 * Records a control's new value in the address bar (history.replaceState: no navigation, no new
 * history entry), so a reload or a shared link shows the same view. Defaults leave the query.
 */
export function replaceParam(key: string, value: string | number | boolean, fallback: string | number | boolean) {
  const url = new URL(window.location.href);
  const encoded = encodeParam(value, fallback);
  if (encoded === undefined) url.searchParams.delete(key);
  else url.searchParams.set(key, encoded);
  window.history.replaceState(window.history.state, '', url);
}

/** True for a plain left click: the ones an island handles in place of following the link. */
export function isPlainClick(e: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }) {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/**
 * True once, on hydration, when the page's fragment names `id`: a menu trigger is a link to its
 * no-JavaScript fallback (`#id`, shown by CSS :target), so a click made before hydration leaves
 * that fragment. The island then opens its own menu instead and drops the fragment (which hides
 * the fallback again).
 */
export function takeFragment(id: string): boolean {
  if (window.location.hash !== `#${id}`) return false;
  const url = new URL(window.location.href);
  url.hash = '';
  window.history.replaceState(window.history.state, '', url);
  return true;
}
