/**
 * /docs/api's examples, the pure step: each placeholder is filled with an id the site has now (a
 * tracked default before the first run), an alert example is left unlinked until there is an alert,
 * and a page of this site named in an example is named on the configured origin, encoded.
 */
import { describe, expect, it } from 'vitest';
import { apiExamples, apiSamples } from '#lib/server/open-data/api-docs-page.ts';

describe('the API page’s examples', () => {
  it('name the first id of each kind the site has, and encode this origin where a page is named', () => {
    const { fill, unfilled } = apiExamples(apiSamples(['ousg', 'buidl'], ['solana'], ['ondo'], ['a-17']), 'https://rwa.example');
    expect(fill('/api/assets/{asset}/history?days=30')).toBe('/api/assets/ousg/history?days=30');
    expect(fill('/api/networks/{network}')).toBe('/api/networks/solana');
    expect(fill('/api/issuers/{issuer}')).toBe('/api/issuers/ondo');
    expect(fill('/api/alerts/{alert}')).toBe('/api/alerts/a-17');
    expect(fill('/api/oembed?url={origin}%2Fassets%2F{asset}')).toBe('/api/oembed?url=https%3A%2F%2Frwa.example%2Fassets%2Fousg');
    expect(unfilled('/api/alerts/{alert}')).toBe(false);
  });

  it('before a run: tracked defaults; before any alert: the alert example is left without a link', () => {
    const { fill, unfilled } = apiExamples(apiSamples([], [], [], []), 'http://localhost:4321');
    expect(fill('/api/assets/{asset}')).toBe('/api/assets/buidl');
    expect(fill('/api/networks/{network}')).toBe('/api/networks/ethereum');
    expect(fill('/api/issuers/{issuer}')).toBe('/api/issuers/blackrock');
    expect(unfilled('/api/alerts/{alert}')).toBe(true);
    expect(unfilled('/api/assets/{asset}')).toBe(false);
  });
});
