// Prettier: the house style the code was already written in (single quotes, long lines), with the
// Astro plugin for .astro files and the Tailwind plugin for class order. `npm run format:check` is a
// step of `npm test`; ESLint leaves formatting to Prettier (eslint-config-prettier).
/** @type {import('prettier').Config} */
export default {
  singleQuote: true,
  printWidth: 140,
  plugins: ['prettier-plugin-astro'],
  overrides: [
    // The Tailwind plugin sorts the classes of class attributes (JSX's className too), of @apply and of
    // calls to the functions tailwindFunctions names (none here). A .ts file holds none of them
    // (TypeScript allows JSX in .tsx only): there the plugin changed nothing, and walking each tree
    // for them was about a tenth of the format check.
    {
      files: '*',
      excludeFiles: ['*.ts', '*.mts', '*.cts'],
      options: {
        plugins: ['prettier-plugin-astro', 'prettier-plugin-tailwindcss'],
        // Tailwind 4 with a JS config loaded through `@config` from this stylesheet.
        tailwindStylesheet: './src/styles/global.css',
      },
    },
    { files: '*.astro', options: { parser: 'astro' } },
    // Babel's TypeScript parser prints the same code as the default one (every file here checks
    // alike with either) in about half the time: most of the format check is parsing .ts files.
    { files: ['*.ts', '*.mts', '*.cts', '*.tsx'], options: { parser: 'babel-ts' } },
  ],
};
