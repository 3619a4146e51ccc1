/**
 * The choices of the /alerts filter form: every asset that has a page, every asset class and every
 * network the registry reads, each as the id the feeds' `?asset=`, `?class=` and `?network=` take
 * (store.ts reads them), with the name a visitor knows. From the bundled registry and snapshot: no query.
 */
import { ASSET_CLASSES } from '#lib/shared/asset-classes.ts';
import { siteRegistry } from '#lib/server/figures/sources-data.ts';
import { registryChainName } from '#lib/server/open-data/catalog.ts';
import { staticCatalog } from '#lib/server/open-data/links.ts';
import { classSlug } from './store.ts';

export interface FilterChoice {
  value: string;
  label: string;
}

const byLabel = (a: FilterChoice, b: FilterChoice) => a.label.localeCompare(b.label, 'en');

export function alertFilterChoices(): Record<'asset' | 'class' | 'network', FilterChoice[]> {
  return {
    asset: staticCatalog()
      .assets.map((a) => ({ value: a.id, label: a.name === a.symbol ? a.symbol : `${a.symbol}: ${a.name}` }))
      .sort(byLabel),
    class: ASSET_CLASSES.map((c) => ({ value: classSlug(c), label: c })),
    network: Object.keys(siteRegistry().registry?.chains ?? {})
      .map((key) => ({ value: key, label: registryChainName(key) }))
      .sort(byLabel),
  };
}
