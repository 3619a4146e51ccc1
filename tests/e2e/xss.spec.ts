import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { renderMarkup } from '#lib/shared/markup/index.ts';

/**
 * Every DOMPurify payload, rendered by our pipeline (whole body and embedded in Markdown), is
 * loaded into Chromium with JavaScript on: no dialog may open, no window may pop up, and no
 * payload may leave a global behind.
 */
const corpus = JSON.parse(readFileSync(resolve(import.meta.dirname, '../fixtures/xss/dompurify-payloads.json'), 'utf8')) as {
  payloads: { title?: string; payload: string }[];
};
const embed = (p: string) => `# Heading ${p}\n\nA **bold** ${p} paragraph.\n\n- item ${p}\n- [link](${p})\n\n${p}\n\n## End`;
const outputs = corpus.payloads.flatMap((p, i) => [
  { name: `#${i} whole: ${p.title ?? ''}`, html: renderMarkup(p.payload, { after: 2 }).html },
  { name: `#${i} embedded: ${p.title ?? ''}`, html: renderMarkup(embed(p.payload), { after: 2 }).html },
]);

const browser = useBrowser();
let page: Page;
const dialogs: string[] = [];
const popups: string[] = [];
let current = '';

beforeAll(async () => {
  const context = await browser().newContext();
  page = await context.newPage();
  page.on('dialog', (d) => {
    dialogs.push(`${current}: ${d.type()} ${d.message()}`);
    void d.dismiss();
  });
  context.on('page', (p) => {
    popups.push(`${current}: ${p.url()}`);
    void p.close();
  });
});

let known: Set<string>;

/**
 * Loads one rendered body and reports the globals it added (after load and a few ticks). The
 * baseline grows with each run, so a global is blamed on the output that first created it.
 */
async function run(html: string): Promise<string[]> {
  known ??= new Set(await page.evaluate(() => Object.getOwnPropertyNames(window)));
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><title>x</title></head><body><main>${html}</main></body></html>`,
    {
      waitUntil: 'load',
      timeout: 10_000,
    },
  );
  // A few ticks, then the globals and the flags, in one call into the page (446 times a run).
  const [after, flags] = await page.evaluate(async () => {
    await new Promise((r) => setTimeout(r, 10));
    const w = window as unknown as Record<string, unknown>;
    return [Object.getOwnPropertyNames(window), ['xss', 'pwned', 'XSS'].filter((k) => w[k] !== undefined)];
  });
  const added = after.filter((k) => !known.has(k));
  added.forEach((k) => known.add(k));
  return [...added, ...flags];
}

describe('the sanitised DOMPurify corpus in Chromium', () => {
  it('the harness itself notices script that runs (control: unsanitised input)', async () => {
    current = 'control';
    const added = await run('<img src=x onerror="window.xssControl=1;alert(1)">');
    await page.waitForTimeout(100);
    expect(dialogs).toEqual(['control: alert 1']);
    expect(added).toContain('xssControl');
    dialogs.length = 0;
    await page.goto('about:blank');
    known = new Set(await page.evaluate(() => Object.getOwnPropertyNames(window)));
  });

  it(`renders all ${outputs.length} outputs without a dialog, a popup or a new global`, { timeout: 240_000 }, async () => {
    expect(outputs).toHaveLength(446);
    const globals: string[] = [];
    for (const { name, html } of outputs) {
      current = name;
      const added = await run(html);
      if (added.length) globals.push(`${name}: ${added.join(', ')}`);
    }
    await page.waitForTimeout(300); // late timers and focus events
    expect(dialogs).toEqual([]);
    expect(popups).toEqual([]);
    expect(globals).toEqual([]);
  });

  it('all outputs together in one document: no script runs, every link is inert', { timeout: 60_000 }, async () => {
    current = 'all together';
    const added = await run(outputs.map((o) => `<section>${o.html}</section>`).join('\n'));
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expect(added).toEqual([]);
    const report = await page.evaluate(() => {
      const bad: string[] = [];
      for (const el of document.querySelectorAll('*')) {
        for (const attr of el.getAttributeNames()) if (/^on/i.test(attr)) bad.push(`${el.tagName} ${attr}`);
        if (/^(SCRIPT|IFRAME|OBJECT|EMBED|STYLE|FOREIGNOBJECT|BASE|META|LINK|FORM)$/i.test(el.tagName) && el.closest('main'))
          bad.push(el.tagName);
      }
      for (const a of document.querySelectorAll<HTMLAnchorElement>('main a[href]'))
        if (!/^(https?|mailto):$/.test(a.protocol) && a.getAttribute('href')!.includes(':')) bad.push(`a href=${a.getAttribute('href')}`);
      for (const img of document.querySelectorAll<HTMLImageElement>('main img[src]'))
        if (/^\s*(javascript|vbscript|data):/i.test(img.getAttribute('src')!)) bad.push(`img src=${img.getAttribute('src')}`);
      return bad;
    });
    expect(report).toEqual([]);
  });
});
