import { describe, expect, inject, it } from 'vitest';
import { visibleText } from '../support/visible-text.ts';
import { byTestId } from '../support/html.ts';

/**
 * A count says what it counts ("231 issuers in the market (public estimate); 29 tracked
 * here"), and a network with value but no tracked asset says why, naming the source of its value.
 */
const base = inject('baseUrl');
const text = async (path: string) => visibleText(await (await fetch(base + path)).text());

describe('counts say what they count', () => {
  it("the home page's issuers card: the market's estimate beside the issuers /issuers lists", async () => {
    const listed = /All issuers (\d+) issuers/.exec(await text('/issuers'))![1];
    expect(await text('/')).toMatch(
      new RegExp(`Total Asset Issuers [\\d,]+ issuers in the market \\(public estimate\\); ${listed} tracked here`),
    );
  });

  it("a network's asset count: the estimate beside the assets listed on the page", async () => {
    const html = await (await fetch(base + '/networks/ethereum')).text();
    const rows = html.match(/data-testid="network-asset-row"/g)!.length;
    expect(visibleText(html)).toMatch(
      new RegExp(`RWA asset count [\\d,]+ As of 12 Sep 2025 · public estimate, the 12 Sep 2025 snapshot; ${rows} tracked here`),
    );
  });

  it('a network with value but no tracked asset says why, with the source of its value', async () => {
    const html = await (await fetch(base + '/networks/provenance')).text();
    expect(visibleText(html)).toMatch(
      /No tracked asset is known on this chain\. Provenance holds \$11\.05B of tokenized assets by the 12 Sep 2025 snapshot , but none of the assets on our token list/,
    );
    expect(byTestId(html, 'no-tracked-asset')).toContain('href="/sources#snapshot"');
  });
});
