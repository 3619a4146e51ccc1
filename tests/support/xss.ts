/**
 * The XSS corpus (tests/fixtures/xss, DOMPurify's payloads) and the check that rendered HTML holds
 * none of what the corpus README names: shared by the pipeline's unit test and the API's.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseFragment } from 'parse5';

interface Payload {
  title: string;
  payload: string;
}
export const corpus = JSON.parse(readFileSync(resolve(import.meta.dirname, '../fixtures/xss/dompurify-payloads.json'), 'utf8')) as {
  count: number;
  payloads: Payload[];
};

const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'srcset',
  'poster',
  'background',
  'cite',
  'longdesc',
  'dynsrc',
  'lowsrc',
]);
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'iframe',
  'object',
  'embed',
  'foreignobject',
  'style',
  'frame',
  'frameset',
  'base',
  'meta',
  'link',
  'form',
  'svg',
  'math',
]);
const DANGEROUS_URL = /^\s*(?:javascript|vbscript|data\s*:\s*text\/html)/i;

interface P5Node {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: P5Node[];
  content?: P5Node;
}

/**
 * Every executable or embedding form the corpus README names, found the way a browser finds
 * them (parse5 is the WHATWG parser), plus the raw-text checks on the serialised string.
 */
export function dangers(html: string): string[] {
  const found: string[] = [];
  if (/<script/i.test(html)) found.push('<script in the HTML text');
  if (/<[a-z][^>]*\son[a-z]+\s*=/i.test(html)) found.push('on*= in the HTML text');
  const walk = (node: P5Node) => {
    const tag = node.tagName?.toLowerCase();
    if (tag && FORBIDDEN_ELEMENTS.has(tag)) found.push(`<${tag}>`);
    for (const { name, value } of node.attrs ?? []) {
      const n = name.toLowerCase();
      if (n.startsWith('on')) found.push(`${tag} ${n}=`);
      if (n === 'style') found.push(`${tag} style=`);
      // eslint-disable-next-line no-control-regex -- browsers ignore control characters and spaces in URLs, so does this check.
      if (URL_ATTRIBUTES.has(n) && DANGEROUS_URL.test(value.replace(/[\u0000-\u0020]/g, ''))) found.push(`${tag} ${n}=${value}`);
    }
    node.childNodes?.forEach(walk);
    if (node.content) walk(node.content);
  };
  walk(parseFragment(html) as unknown as P5Node);
  return found;
}

/**
 * `payload` in a table cell (on one line: a cell cannot hold a line break), as a footnote's text and
 * as a task item's (its further lines indented, so they stay in the footnote and the item).
 */
export function inGfm(payload: string) {
  const indented = (n: number) => payload.replace(/\r?\n/g, '\n' + ' '.repeat(n));
  return {
    table: `| Asset | Note |\n| :-- | --: |\n| BUIDL | ${payload.replace(/\r?\n/g, ' ')} |`,
    footnote: `A claim.[^n]\n\n[^n]: ${indented(4)}`,
    task: `- [x] checked\n- [ ] ${indented(6)}`,
  };
}
