import { parse, serializeOuter, type DefaultTreeAdapterMap } from 'parse5';

/**
 * One element of a server-rendered page, found by parsing the page (parse5, as a browser parses
 * it): a check on "the figure's element says X" reads that element and its children only, never
 * the text that follows it on the page (a pattern from the element's opening tag onwards runs on
 * into its neighbours).
 */
type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['document'];
type Element = DefaultTreeAdapterMap['element'];

function* elements(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* elements(child);
  // A <template>'s children live in its content fragment.
  if ('content' in node && node.content) for (const child of node.content.childNodes) yield* elements(child);
}

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

/** The outer HTML of every element with this attribute value, in document order. */
function elementsWith(html: string, name: string, value: string): string[] {
  return [...elements(parse(html))].filter((el) => attr(el, name) === value).map((el) => serializeOuter(el));
}

/** The outer HTML of the one element with this attribute value; throws when there is none or several. */
function elementWith(html: string, name: string, value: string): string {
  const found = elementsWith(html, name, value);
  if (found.length !== 1) throw new Error(`expected one element with ${name}="${value}", found ${found.length}`);
  return found[0];
}

/** The element with this id (outer HTML). */
export const byId = (html: string, id: string) => elementWith(html, 'id', id);

/** The element with this data-testid (outer HTML). */
export const byTestId = (html: string, testid: string) => elementWith(html, 'data-testid', testid);
