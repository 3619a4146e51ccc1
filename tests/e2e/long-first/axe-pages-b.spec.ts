import { describe, expect, inject, it } from 'vitest';
import { newContext, useBrowser } from '../../support/browser.ts';
import { AXE_PHONE, axeAt, load, violations } from '../axe.ts';

/** axe at 390x844 and at the smallest phones (tests/e2e/axe.ts says what is checked). */
const base = inject('baseUrl');
const browser = useBrowser();

axeAt('390', AXE_PHONE, browser);

describe('axe at the smallest phones', () => {
  it('the tables, /treasuries and /login at 360 px, WCAG 2.2 AA and best practices', { timeout: 120_000 }, async () => {
    const found: string[] = [];
    for (const width of [360]) {
      const context = await newContext(browser(), base, { viewport: { width, height: 800 } });
      const page = await context.newPage();
      for (const path of ['/treasuries', '/login', '/networks/ethereum', '/docs/api']) {
        await load(page, path);
        const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
        found.push(...(await violations(page, tags)).map((v) => `${width} ${path}: ${v}`));
      }
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
