/**
 * The lint config enforces the module boundaries (CONTRIBUTING.md, "Where things go"): each case
 * lints a planted file through ESLint's Node API, as `npm run lint` would see it at that path.
 * That the tree itself passes is `npm run lint`'s job (a step of `npm test`): linting it again here
 * cost the unit lane about 80 of its seconds and proved less. The type-aware rules are oxlint's
 * (lint-types-config.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

// The first lint loads the parsers and plugins (seconds on a busy machine): do it once, before the cases.
beforeAll(async () => {
  await eslint.lintText('export {};', { filePath: 'src/lib/shared/warm-up.ts' });
}, 60_000);

/** The rule ids ESLint reports for `code` placed at `filePath`. */
async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

describe('imports that cross a boundary fail', () => {
  describe.each([
    // the case of the issue: an island reaching the database module through the alias
    ['src/components/islands/Planted.tsx', "import { db } from '#lib/server/db/client.ts';\nexport const x = db;"],
    // The read model of published figures is server code like the rest: an island gets its figures as props or from /api.
    [
      'src/components/islands/Planted.tsx',
      "import { servedObservations } from '#lib/server/figures/observations.ts';\nexport const x = servedObservations;",
    ],
    // the same through a relative path, with and without the extension
    ['src/components/islands/markets/Planted.tsx', "import { db } from '../../../lib/server/db/client.ts';\nexport const x = db;"],
    ['src/components/islands/markets/Planted.tsx', "import { db } from '../../../lib/server/db/client';\nexport const x = db;"],
    // a server folder module
    [
      'src/components/islands/Planted.tsx',
      "import { requireUser } from '#lib/server/auth/require-user.ts';\nexport const x = requireUser;",
    ],
    // the database client and schema, by alias and by path
    ['src/components/islands/Planted.tsx', "import { users } from '#db/schema/index.ts';\nexport const x = users;"],
    ['src/lib/client/planted.ts', "import { users } from '../../../db/schema/index.ts';\nexport const x = users;"],
    // server secrets
    ['src/lib/client/planted.ts', "import { SECRET } from 'astro:env/server';\nexport const x = SECRET;"],
    ['src/lib/shared/planted.ts', "import { db } from '../server/db/client.ts';\nexport const x = db;"],
    ['src/lib/shared/planted.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;"],
    ['src/lib/shared/planted.ts', "import { join } from 'path';\nexport const x = join;"],
    // browser code has no Node either
    ['src/components/islands/Planted.tsx', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;"],
    // db/ depends on nothing in the application
    ['db/schema/planted.ts', "import { slugify } from '#lib/shared/article-rules.ts';\nexport const x = slugify;"],
    ['db/planted.ts', "import { slugify } from '#lib/shared/article-rules.ts';\nexport const x = slugify;"],
    // the plumbing rooms and the front door import no feature room
    ['src/lib/server/cache/planted.ts', "import { readAnalytics } from '../figures/analytics.ts';\nexport const x = readAnalytics;"],
    ['src/lib/server/db/planted.ts', "import { runIngest } from '#lib/server/ingest/run.ts';\nexport const x = runIngest;"],
    ['front-door/planted.ts', "import { assetPage } from '../src/lib/server/open-data/asset-page.ts';\nexport const x = assetPage;"],
    // the catalogue imports neither side: not the ingest, not the read side, not the database
    ['src/lib/server/catalogue/planted.ts', "import { runIngest } from '#lib/server/ingest/run.ts';\nexport const x = runIngest;"],
    ['src/lib/server/catalogue/families/planted.ts', "import { runIngest } from '../../ingest/run.ts';\nexport const x = runIngest;"],
    ['src/lib/server/catalogue/planted.ts', "import { assetPage } from '../open-data/asset-page.ts';\nexport const x = assetPage;"],
    ['src/lib/server/catalogue/planted.ts', "import { readAll } from '#lib/server/db/reads.ts';\nexport const x = readAll;"],
    ['src/lib/server/catalogue/planted.ts', "import { db } from '#db/client.ts';\nexport const x = db;"],
    // outside the ingest, only the entry points that start a run import it: a page, an API route, the read side, a script
    [
      'src/pages/planted.astro',
      "---\nimport { runStateRead } from '#lib/server/ingest/run-state.ts';\nconst x = runStateRead;\n---\n<p>{x}</p>\n",
    ],
    ['src/pages/api/planted.ts', "import { runIngest } from '../../lib/server/ingest/run.ts';\nexport const x = runIngest;"],
    ['src/lib/server/open-data/planted.ts', "import { loadRegistry } from '../ingest/registry.ts';\nexport const x = loadRegistry;"],
    ['src/lib/server/figures/planted.ts', "import { carryStale } from '#lib/server/ingest/cells.ts';\nexport const x = carryStale;"],
    ['src/lib/server/alerts/planted.ts', "import type { RunBreaker } from '#lib/server/ingest/breaker.ts';\nexport type X = RunBreaker;"],
    ['src/lib/server/og/deep/planted.ts', "import { derive } from '../../ingest/publish.ts';\nexport const x = derive;"],
    ['scripts/planted.ts', "import { runIngest } from '#lib/server/ingest/run.ts';\nexport const x = runIngest;"],
    // which source counts per day is decided by the publish step alone: a page, a reader or an alert reads the published rows
    [
      'src/lib/server/open-data/planted.ts',
      "import { pickPerDayCell } from '#lib/server/figures/precedence.ts';\nexport const x = pickPerDayCell;",
    ],
    ['src/lib/server/figures/planted.ts', "import { outranks } from './precedence.ts';\nexport const x = outranks;"],
    ['src/lib/server/alerts/planted.ts', "import { latestPerCell } from '../figures/precedence';\nexport const x = latestPerCell;"],
    [
      'src/pages/planted.astro',
      "---\nimport { pickPerDayCell } from '#lib/server/figures/precedence.ts';\nconst x = pickPerDayCell;\n---\n<p>{x}</p>\n",
    ],
  ])('%s: %s', (filePath, code) => {
    it('is reported by no-restricted-imports', async () => {
      expect(await ruleIds(filePath, code)).toContain('no-restricted-imports');
    });
  });
});

describe('components (.astro included) take data as props', () => {
  const astro = (frontmatter: string) => `---\n${frontmatter}\n---\n<p>{x}</p>\n`;
  it.each([
    [
      'src/components/data/Planted.astro',
      astro("import { networkIcon } from '#lib/server/figures/asset-class-data.ts';\nconst x = networkIcon('a');"),
    ],
    ['src/components/reading/Planted.astro', astro("import { siteOrigin } from '../../lib/server/config';\nconst x = siteOrigin();")],
    ['src/components/open-data/planted.ts', "import { db } from '#db/client.ts';\nexport const x = db;"],
  ])('a value import from the server in %s is reported', async (filePath, code) => {
    expect(await ruleIds(filePath, code)).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('a type import from the server passes', async () => {
    const code = astro("import type { ArticleView } from '#lib/server/content/article-view.ts';\nconst x: ArticleView | null = null;");
    expect(await ruleIds('src/components/reading/Planted.astro', code)).toEqual([]);
  });
});

describe('one-sided globals in src/lib/shared fail', () => {
  it.each(['window.location.href', 'document.title', "localStorage.getItem('x')", 'process.env.PORT', "Buffer.from('x')"])(
    '%s',
    async (expr) => {
      expect(await ruleIds('src/lib/shared/planted.ts', `export const x = () => ${expr};`)).toContain('no-restricted-globals');
    },
  );
});

it('Node globals in browser code fail', async () => {
  expect(await ruleIds('src/lib/client/planted.ts', 'export const x = () => process.env.PORT;')).toContain('no-restricted-globals');
});

describe('imports along the allowed direction pass', () => {
  it.each([
    ['src/components/islands/Planted.tsx', "import { formatCurrency } from '#lib/shared/format.ts';\nexport const x = formatCurrency;"],
    ['src/components/islands/Planted.tsx', "import { apiRequest } from '#lib/client/api.ts';\nexport const x = apiRequest;"],
    [
      'src/lib/server/planted.ts',
      "import { users } from '#db/schema/index.ts';\nimport { SITE } from '#lib/shared/site.ts';\nexport const x = [users, SITE];",
    ],
    ['src/lib/shared/planted.ts', "import { z } from 'zod';\nexport const x = z.string();"],
    // the entry points that start a run, and the ingest itself, import it
    ['src/middleware.ts', "import { firstRequestTrigger } from '#lib/server/ingest/auto.ts';\nexport const x = firstRequestTrigger;"],
    ['netlify/functions/planted.mts', "import { runIngest } from '#lib/server/ingest/run.ts';\nexport const x = runIngest;"],
    ['scripts/ingest.ts', "import { runIngest } from '#lib/server/ingest/run.ts';\nexport const x = runIngest;"],
    ['src/lib/server/ingest/planted.ts', "import { runIngest } from './run.ts';\nexport const x = runIngest;"],
    // the read side reads the catalogue
    [
      'src/pages/planted.astro',
      "---\nimport { methodStatements } from '#lib/server/catalogue/methods.ts';\nconst x = methodStatements;\n---\n<p>{x}</p>\n",
    ],
    // the catalogue uses shared code and its own files
    [
      'src/lib/server/catalogue/families/planted.ts',
      "import { postCommand } from '#lib/shared/receipts.ts';\nimport { BASE58 } from '../addresses.ts';\nexport const x = [postCommand, BASE58];",
    ],
    [
      'src/lib/server/catalogue/planted.ts',
      "import { familyById } from '#lib/server/catalogue/families.ts';\nexport const x = familyById;",
    ],
    // a feature room imports the plumbing
    ['src/lib/server/figures/planted.ts', "import { readAll } from '../db/reads.ts';\nexport const x = readAll;"],
    // the publish step applies the day rule; a reader may still ask whether a source is an aggregator
    [
      'src/lib/server/ingest/cells.ts',
      "import { pickPerDayCell } from '#lib/server/figures/precedence.ts';\nexport const x = pickPerDayCell;",
    ],
    [
      'src/lib/server/open-data/planted.ts',
      "import { isAggregator } from '#lib/server/figures/precedence.ts';\nexport const x = isAggregator;",
    ],
  ])('%s: %s', async (filePath, code) => {
    expect(await ruleIds(filePath, code)).toEqual([]);
  });
});
