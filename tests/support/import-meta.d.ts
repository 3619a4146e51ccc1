/**
 * Node (>= 20.11) sets import.meta.dirname and import.meta.filename on ES modules; the installed
 * @types/node (26.x) no longer declares them, so `astro check` rejected the test files using them.
 */
interface ImportMeta {
  readonly dirname: string;
  readonly filename: string;
}
