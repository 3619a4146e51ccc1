// ESLint flat config. Besides the usual TypeScript, React hooks and Astro checks, it enforces the
// module boundaries of CONTRIBUTING.md ("Where things go"), so a wrong import fails `npm run lint`
// instead of relying on a table. tests/unit/lint-config.test.ts proves each boundary with a planted import.
// Every rule here reads syntax only: the rules that need type information run in oxlint on one
// typescript-go program (.oxlintrc.json, docs/decisions/008).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import astro from 'eslint-plugin-astro';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * Server-only modules, in every spelling an import can take: package import, relative path, virtual module.
 * The patterns are gitignore-style, where a leading '#' starts a comment: '\\#' is a literal '#'.
 */
const SERVER_ONLY = [
  {
    // '../server/…' is the sibling folder of src/lib/client and src/lib/shared.
    group: [
      '\\#lib/server',
      '\\#lib/server/**',
      '**/lib/server',
      '**/lib/server/**',
      '../server',
      '../server/**',
      '../../server',
      '../../server/**',
    ],
    message: 'Server code (src/lib/server) is never imported by browser or shared code.',
  },
  {
    group: ['\\#db/**', '**/db/**', '**/db'],
    message: 'The database (db/) is reached only through src/lib/server.',
  },
  { group: ['astro:env/server'], message: 'Server secrets stay on the server: import astro:env/server from src/lib/server only.' },
];

/** Node-only modules: browser code, and shared code (which runs in the browser too), may use none of them. */
const NODE_ONLY = [
  { group: ['node:*'], message: 'This code runs in the browser: no Node built-ins.' },
  ...['fs', 'path', 'crypto', 'os', 'url', 'child_process', 'stream', 'buffer', 'util', 'process'].map((name) => ({
    group: [name, `${name}/*`],
    message: 'This code runs in the browser: no Node built-ins.',
  })),
];

/** The per-day rule of which source counts (src/lib/server/figures/precedence.ts). */
const DAY_RULE = ['pickPerDayCell', 'latestPerCell', 'outranks'];

/** An import of the per-day rule from anywhere but the publish step (see its block below). */
const DAY_RULE_IMPORT = {
  group: ['**/precedence.ts', '**/precedence'],
  importNames: DAY_RULE,
  message: 'Which source counts per day is decided by the publish step alone: read the published rows (figures/read-model.ts).',
};

/**
 * The entry points that start a run (or publish without reading), the only code outside the ingest
 * that imports it: the ingest script and the benchmarks that time it, the server's start (its
 * schedule) and its setup (which builds the read model once from the last published run), the
 * Netlify functions, and the first-request trigger at the app's edge (the middleware).
 */
const INGEST_ENTRY_POINTS = [
  'scripts/ingest.ts',
  'scripts/bench/ingest.ts',
  'scripts/bench/first-run.ts',
  'scripts/serve.ts',
  'netlify/functions/**',
  'src/middleware.ts',
  'src/lib/server/setup/prepare.ts',
];

/** The ingest, in every spelling an import can take. */
const INGEST_IMPORT = {
  group: [
    '\\#lib/server/ingest',
    '\\#lib/server/ingest/**',
    '**/server/ingest',
    '**/server/ingest/**',
    '../ingest',
    '../ingest/**',
    '../../ingest/**',
  ],
  message:
    'Only the entry points that start a run import the ingest: the read side reads the published figures (figures/) and the catalogue (src/lib/server/catalogue).',
};

/** The server's feature rooms, above its plumbing (db/, cache/, http/). */
const FEATURE_ROOMS = ['catalogue', 'figures', 'ingest', 'content', 'open-data', 'og', 'search', 'alerts', 'mcp'];

const BROWSER_GLOBALS = ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'history', 'customElements'];
const NODE_GLOBALS = ['process', 'Buffer', 'global', '__dirname', '__filename', 'require'];

/** Globals that exist on only one side: src/lib/shared must work without them. */
const ONE_SIDED_GLOBALS = [...BROWSER_GLOBALS, ...NODE_GLOBALS].map((name) => ({
  name,
  message: `src/lib/shared runs on both sides: '${name}' exists on one only.`,
}));

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.netlify/',
      'node_modules/',
      'data/',
      'bench/results/',
      'test-results/',
      'db/migrations/',
      'public/',
      'content/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // The per-day rule of which source counts (figures/precedence.ts) is the publish step's alone: it
  // decides once, into the read model (figures/read-model.ts), and everything else reads those rows.
  // A reader that picked again could disagree with what was published. Placed before the rooms'
  // own import rules: theirs replace this one where both apply, and none of them may reach
  // figures/ anyway.
  {
    files: ['src/**/*.{ts,tsx,astro}', 'front-door/**/*.ts', 'scripts/**/*.ts', 'netlify/**/*.mts'],
    ignores: ['src/lib/server/ingest/cells.ts', 'src/lib/server/ingest/publish.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [DAY_RULE_IMPORT] }],
    },
  },
  // The writer and the read side meet in the published tables and the catalogue, nowhere else: outside
  // the ingest, only the entry points that start a run import it, so a page or an API answer never
  // runs writer code nor depends on how the ingest is built inside. This block repeats the day rule,
  // whose option it replaces for these files.
  {
    files: ['src/**/*.{ts,tsx,astro}', 'front-door/**/*.ts', 'scripts/**/*.ts', 'netlify/**/*.mts'],
    ignores: ['src/lib/server/ingest/**', ...INGEST_ENTRY_POINTS],
    rules: {
      'no-restricted-imports': ['error', { patterns: [DAY_RULE_IMPORT, INGEST_IMPORT] }],
    },
  },
  // React runs in the islands and the browser modules they use; .astro frontmatter is not React
  // (a function named useX there is no hook), so its virtual script files are left out.
  {
    files: ['src/components/islands/**/*.{ts,tsx}', 'src/lib/client/**/*.ts', 'tests/**/*.tsx'],
    ignores: ['**/*.astro/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Islands and browser code never reach the server, the database or Node.
  {
    files: ['src/components/islands/**', 'src/lib/client/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...SERVER_ONLY, ...NODE_ONLY] }],
      'no-restricted-globals': [
        'error',
        ...NODE_GLOBALS.map((name) => ({ name, message: `Browser code: '${name}' exists in Node only.` })),
      ],
    },
  },
  // Components (.astro included) show what a page loaded: they take data as props and never reach the
  // server or the database themselves; a type from there (a loader's result) is fine.
  {
    files: ['src/components/**/*.{astro,ts,tsx}'],
    ignores: ['src/components/islands/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: SERVER_ONLY.map((p) => ({
            ...p,
            message: 'Components take data as props: the page loads it from src/lib/server.',
            allowTypeImports: true,
          })),
        },
      ],
    },
  },
  // Shared code also runs on both sides: no Node built-ins, no browser or server globals.
  {
    files: ['src/lib/shared/**'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', { patterns: [...SERVER_ONLY, ...NODE_ONLY] }],
      'no-restricted-globals': ['error', ...ONE_SIDED_GLOBALS],
    },
  },
  // The plumbing rooms of the server (db/, cache/, http/) and the front door serve every feature and know
  // none: a feature (the figures, the ingest, content, open data, og images, search, alerts) imports them,
  // never the other way, so a change to a feature never reaches the request path below it.
  {
    files: ['src/lib/server/db/**', 'src/lib/server/cache/**', 'src/lib/server/http/**', 'front-door/**'],
    // api-routes.ts reads the public API's paths from the endpoints' definitions: one list for both.
    ignores: ['src/lib/server/http/api-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: FEATURE_ROOMS.flatMap((room) => [`\\#lib/server/${room}/**`, `**/server/${room}/**`, `../${room}/**`]),
              message: 'Plumbing (db/, cache/, http/, the front door) imports no feature room: features import it.',
            },
          ],
        },
      ],
    },
  },
  // The catalogue holds what the writer (the ingest) and the read side both need, each chain family's
  // declaration above all: it imports neither, nor the database, so either side can change without
  // the other noticing through it, and a new family is a declaration, not a reach into the code.
  {
    files: ['src/lib/server/catalogue/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '\\#lib/server/*',
                '!\\#lib/server/catalogue',
                // the two loose modules every room reads (the environment, the clock)
                '!\\#lib/server/config.ts',
                '!\\#lib/server/clock.ts',
                '\\#db/**',
                '\\#components/**',
                '\\#layouts/**',
                '**/pages/**',
                ...FEATURE_ROOMS.filter((room) => room !== 'catalogue').flatMap((room) => [
                  `**/server/${room}/**`,
                  `../${room}/**`,
                  `../../${room}/**`,
                ]),
                ...['db', 'cache', 'http', 'auth', 'setup'].flatMap((room) => [`../${room}/**`, `../../${room}/**`]),
              ],
              message: 'The catalogue imports neither the ingest nor the read side (nor the database): both import it.',
            },
          ],
        },
      ],
    },
  },
  // db/ is schema, migrations and the client: it depends on nothing in the application.
  {
    files: ['db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['\\#lib/**', '\\#components/**', '\\#layouts/**', '\\#styles/**', '**/src/**', '**/src'],
              message: 'db/ imports nothing from src/: it holds schema, migrations and client only.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
