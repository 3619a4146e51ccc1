import { describe, expect, inject, it } from 'vitest';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { loginCookie } from '../support/http.ts';
import { PAGE_KINDS } from './page-kinds.ts';

/**
 * The server HTML of every page kind through html-validate (npm only, no Java), with the project's
 * .htmlvalidate.json: html-validate:recommended, less these, each for a reason:
 * - attr-case, attribute-boolean-style, attribute-empty-style, void-style: spelling choices of
 *   React's and Astro's renderers (`autoComplete`, `hidden=""`, `<img/>`), all valid HTML; the
 *   Nu checker (npm run validate:html) accepts them.
 * - no-inline-style: React islands set data-driven colours (legend swatches) and Radix sets
 *   positions in `style`; the CSP allows style attributes (not elements) for this.
 * - long-title: titles of posts are the admin's words; the SEO manager's score guides their length.
 * - valid-id relaxed: HTML allows any id without spaces; heading ids come from text ("2024-...").
 * - aria-label-misuse allowAnyNamable: ARIA lets lists, figures and SVG images be named; a plain
 *   div or span still may not be (the rule keeps catching that).
 * - prefer-native-element without button and region: the menu triggers and Load More are links to
 *   a no-JavaScript fallback (a #fragment shown by CSS :target) that act as buttons once their
 *   script runs, so role=button says what they do then; Radix Toast's viewport is a named div
 *   role=region (a landmark, as intended). And listbox: the header search's suggestions are the
 *   ARIA combobox pattern's listbox, filled as the visitor types with two-line options a <select>
 *   cannot show.
 */
const base = inject('baseUrl');
const validator = new HtmlValidate(new FileSystemConfigLoader());

describe('html-validate: server HTML of every page kind', () => {
  let cookie: string | undefined;
  for (const kind of PAGE_KINDS) {
    it(`${kind.name} (${kind.path}) has no errors`, async () => {
      if (kind.signedIn) cookie ??= await loginCookie(base);
      const res = await fetch(base + kind.path, { headers: kind.signedIn ? { Cookie: cookie! } : {} });
      expect(res.status).toBe(kind.status);
      const report = await validator.validateString(await res.text(), `${kind.name}.html`);
      const errors = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} at ${m.selector ?? m.line}`));
      expect(errors).toEqual([]);
    });
  }
});

describe('links within a page point at something', () => {
  let cookie: string | undefined;
  for (const kind of PAGE_KINDS) {
    it(`${kind.name}: every href="#id" has an element with that id`, async () => {
      if (kind.signedIn) cookie ??= await loginCookie(base);
      const html = await (await fetch(base + kind.path, { headers: kind.signedIn ? { Cookie: cookie! } : {} })).text();
      const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
      // '#' alone is the top of the page (the no-JavaScript menu's Close link).
      const fragments = [...html.matchAll(/\shref="#([^"]+)"/g)].map((m) => decodeURIComponent(m[1]));
      expect(fragments.filter((f) => !ids.has(f))).toEqual([]);
    });
  }
});
