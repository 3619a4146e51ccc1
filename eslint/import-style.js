// The import style of docs/decisions/004-import-style.md, as a lint rule with an autofix:
// - code that Vite bundles (the site, the tests) imports local TypeScript modules without an extension;
// - code that Node runs directly (options.nodeRun) names the file with its `.ts` extension and uses
//   relative paths: Node resolves neither tsconfig paths nor a missing extension.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const TS_EXTENSION = /\.(ts|tsx)$/;
const LOCAL = /^(\.{1,2}\/|@\/|@db\/)/;
const ALIAS = /^(@\/|@db\/)/;

/** The string literal naming the imported module, for every syntax that names one. */
function sourceOf(node) {
  if (node.type === 'TSImportType') {
    const arg = node.argument ?? node.source;
    return arg?.type === 'TSLiteralType' ? arg.literal : arg;
  }
  return node.source;
}

/** `spec` with the extension of the file it names, when that file exists next to `fromFile`. */
function withExtension(spec, fromFile) {
  const base = resolve(dirname(fromFile), spec);
  for (const suffix of ['.ts', '.tsx', '/index.ts']) if (existsSync(base + suffix)) return spec + suffix;
  return undefined;
}

export default {
  meta: {
    type: 'suggestion',
    fixable: 'code',
    schema: [{ type: 'object', properties: { nodeRun: { type: 'boolean' } }, additionalProperties: false }],
    messages: {
      dropExtension: "Bundled code imports '{{spec}}' without its extension (docs/decisions/004-import-style.md).",
      addExtension: "Node runs this file directly: import '{{spec}}' with its .ts extension (docs/decisions/004-import-style.md).",
      noAlias: "Node runs this file directly and cannot resolve '{{spec}}': use a relative path (docs/decisions/004-import-style.md).",
    },
  },
  create(context) {
    const nodeRun = context.options[0]?.nodeRun === true;
    function check(node) {
      const source = sourceOf(node);
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      if (!LOCAL.test(spec)) return;
      const quote = source.raw?.[0] ?? "'";
      if (nodeRun) {
        if (ALIAS.test(spec)) return context.report({ node: source, messageId: 'noAlias', data: { spec } });
        if (/\.[a-z]+$/i.test(spec)) return;
        const fixed = withExtension(spec, context.filename);
        context.report({
          node: source,
          messageId: 'addExtension',
          data: { spec },
          fix: fixed ? (fixer) => fixer.replaceText(source, quote + fixed + quote) : null,
        });
      } else if (TS_EXTENSION.test(spec)) {
        // A folder's index is imported by the folder's name ('@db/schema', not '@db/schema/index').
        const fixed = spec.replace(TS_EXTENSION, '').replace(/([^./])\/index$/, '$1');
        context.report({
          node: source,
          messageId: 'dropExtension',
          data: { spec },
          fix: (fixer) => fixer.replaceText(source, quote + fixed + quote),
        });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      TSImportType: check,
    };
  },
};
