/** What /llms.txt and /llms-full.txt are written from: the sources /sources reads, at request time. */
import { config, siteOrigin } from '#lib/server/config.ts';
import { siteRegistry } from '#lib/server/figures/sources-data.ts';
import { methodStatements } from '#lib/server/catalogue/methods.ts';
import { rawContent } from '../../../../content/data/SOURCES.md';
import type { LlmsSources } from './llms-txt.ts';

/** The notes as /sources shows them: without the section on regenerating the files, their links absolute. */
const notes = (md: string, origin: string) =>
  md.replace(/^## Regenerating[\s\S]*?(?=^## |(?![\s\S]))/m, '').replaceAll('](public-figures.md)', `](${origin}/sources/public-figures)`);

export function llmsSources(): LlmsSources {
  const origin = siteOrigin();
  return { origin, methods: methodStatements(config().ingest, siteRegistry().registry), snapshotNotes: notes(rawContent(), origin) };
}
