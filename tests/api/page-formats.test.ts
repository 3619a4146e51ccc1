import { beforeAll, describe, expect, inject, it } from 'vitest';
import { existsSync } from 'node:fs';
import { PAGE_KINDS } from '../e2e/page-kinds.ts';
import { loginCookie } from '../support/http.ts';
import { visibleText, visibleTextNodes } from '../support/visible-text.ts';

/**
 * Every money figure and date a page shows goes through src/lib/shared/format.ts. Each
 * page kind is fetched from the built server and checked for
 * - a raw ISO timestamp ("2025-09-04T01:37:08Z") in its visible text: instants read "4 Sep 2025, 01:37 UTC";
 * - a raw ISO day ("2025-09-12") outside what others wrote (articles, the snapshot's notes, quoted references);
 * - a money figure standing alone in its element that the spec's rules would not write (an article's
 *   table may say "$698M"; a figure of ours is "$7.41B", "$10,200.0M" or "$2.2B");
 * - one of our own file paths (content/..., src/..., a server folder) anywhere in its HTML.
 */
const base = inject('baseUrl');
let cookie = '';
beforeAll(async () => {
  cookie = await loginCookie(base);
});

const ISO_TIMESTAMP = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
// A slug or an address may end in a date (weekly-rwa-recap-2025-09-12): only a day standing alone is raw.
const ISO_DAY = /(?<![\w/-])\d{4}-\d{2}-\d{2}(?![\w-])/;

/** What the spec's section 9 produces, and the fixed card values it states. */
const MONEY_RULES: [string, RegExp][] = [
  // Currency: $x.xx under $1,000; $x.xxK / M / B at or above each (a chart axis may use one decimal).
  ['currency', /^-?\$(?:\d{1,3}\.\d{2}|\d{1,3}\.\d{1,2}[KM]|\d+\.\d{1,2}B)$/],
  // The networks table in $M with one decimal, market caps in $B with one decimal (thousands grouped).
  ['network total in $M', /^-?\$\d{1,3}(?:,\d{3})*\.\dM$/],
  ['market cap in $B', /^-?\$\d{1,3}(?:,\d{3})*\.\d{1,2}B$/],
  // The stablecoins page's fixed card (spec section 2: 'Monthly Transfer Volume about $3.33T').
  ['spec fixed value', /^\$3\.33T$/],
];
const MONEY_ALONE = /^[-+]?\$\s?[\d.,]+\s?[A-Za-z]*$/;

/**
 * A path in our repository (one that exists here: another project's file named in a source
 * reference is a citation), or a server folder. Web addresses are stripped first.
 */
const OWN_PATH =
  /(?<![\w/.-])(?:content|src|db|scripts|tests|node_modules)\/[\w.-]+(?:\/[\w.-]+)*|(?<![\w.-])\/(?:work|tmp|home|root|var|usr|opt)\/[\w.-]+\//g;
const WEB_ADDRESS = /(?:https?:)?\/\/[^\s"'<>)]+/g;

describe('every page writes money, counts and dates by the spec and shows no file path', () => {
  for (const kind of PAGE_KINDS) {
    it(`${kind.name} (${kind.path})`, async () => {
      const res = await fetch(base + kind.path, { headers: kind.signedIn ? { cookie } : {} });
      expect(res.status).toBe(kind.status);
      const html = await res.text();
      const problems: string[] = [];

      const text = visibleText(html);
      const stamp = ISO_TIMESTAMP.exec(text);
      if (stamp) problems.push(`raw timestamp: …${text.slice(Math.max(0, stamp.index - 50), stamp.index + 40)}…`);
      const ownText = visibleText(html, { withoutQuoted: true });
      const day = ISO_DAY.exec(ownText);
      if (day) problems.push(`raw ISO day: …${ownText.slice(Math.max(0, day.index - 50), day.index + 30)}…`);

      for (const node of visibleTextNodes(html, { withoutQuoted: true }).map((t) => t.trim())) {
        if (MONEY_ALONE.test(node) && !MONEY_RULES.some(([, re]) => re.test(node)))
          problems.push(`money not by the spec's rules: "${node}"`);
      }

      for (const m of html.replace(WEB_ADDRESS, '').matchAll(OWN_PATH)) {
        if (/^(?:\/|content\/|src\/)/.test(m[0]) || existsSync(m[0])) problems.push(`a file path in the HTML: ${m[0]}`);
      }

      expect(problems).toEqual([]);
    });
  }
});
