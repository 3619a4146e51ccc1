// Prettier: the house style the code was already written in (single quotes, long lines), with the
// Astro plugin for .astro files and the Tailwind plugin for class order. `npm run format:check` is a
// step of `npm test`; ESLint leaves formatting to Prettier (eslint-config-prettier).
/** @type {import('prettier').Config} */
export default {
  singleQuote: true,
  printWidth: 140,
  plugins: ['prettier-plugin-astro', 'prettier-plugin-tailwindcss'],
  // Tailwind 4 with a JS config loaded through `@config` from this stylesheet.
  tailwindStylesheet: './src/styles/global.css',
  overrides: [
    { files: '*.astro', options: { parser: 'astro' } },
    // Babel's TypeScript parser prints the same code as the default one (every file here checks
    // alike with either) in about half the time: most of the format check is parsing .ts files.
    { files: ['*.ts', '*.mts', '*.cts', '*.tsx'], options: { parser: 'babel-ts' } },
  ],
};
