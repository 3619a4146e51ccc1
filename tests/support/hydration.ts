import type { Page } from 'playwright-core';
import { POLL } from './browser.ts';

/**
 * Holds back the JavaScript chunk of the named islands (`/_astro/<Name>.<hash>.js`), or the script of
 * the named .astro component (`/_astro/<Name>.astro_astro_type_script_index_0_lang.<hash>.js`), until
 * `release()`, on this page and on every page it navigates to: whatever the test does before
 * release happens before those islands hydrate or those custom elements are defined. Set it up
 * before the page loads ('commit' then returns before the islands' scripts run). The held chunk
 * alone decides that the interaction comes before hydration; the CPU is not throttled as well,
 * since Chromium's throttling spends the CPU it withholds (a load throttled 5x used 3 to 6 times the
 * CPU) and the order is already fixed. A route turns the page's HTTP cache off, so a chunk an
 * earlier page of the tab loaded is asked for again and held all the same.
 */
export async function holdIslands(page: Page, names: string[]): Promise<{ release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const pattern = new RegExp(`/_astro/(${names.join('|')})\\.(astro_astro_type_script_index_\\d+_lang\\.)?[\\w-]+\\.js$`);
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return { release };
}

/** True while the island whose component file starts with `name` has not hydrated (Astro drops `ssr` then). */
export function notHydrated(page: Page, name: string): Promise<boolean> {
  return page.evaluate((n) => {
    const islands = [...document.querySelectorAll('astro-island')].filter((el) =>
      new RegExp(`/${n}\\.`).test(el.getAttribute('component-url') ?? ''),
    );
    return islands.length > 0 && islands.every((el) => el.hasAttribute('ssr'));
  }, name);
}

export async function waitHydrated(page: Page, name: string) {
  await page.waitForFunction(
    (n) => {
      const islands = [...document.querySelectorAll('astro-island')].filter((el) =>
        new RegExp(`/${n}\\.`).test(el.getAttribute('component-url') ?? ''),
      );
      return islands.length > 0 && islands.every((el) => !el.hasAttribute('ssr'));
    },
    name,
    POLL,
  );
}

/** True while the custom element `tag` is on the page but not defined yet (its script has not run). */
export function notDefined(page: Page, tag: string): Promise<boolean> {
  return page.evaluate((t) => Boolean(document.querySelector(t)) && !customElements.get(t), tag);
}

export async function waitDefined(page: Page, tag: string) {
  await page.waitForFunction((t) => Boolean(customElements.get(t)), tag, POLL);
}
