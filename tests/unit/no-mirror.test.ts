/**
 * An API shape is declared once, by its zod schema: a TypeScript interface beside it that names
 * exactly the same fields is a mirror, which drifts from the schema the first time one of the two
 * is changed alone (the OpenAPI document and the answers' check follow the schema, the pages the
 * interface). The type of an answer is `z.infer` of its schema. This test reads every interface and
 * object type of src/ with the TypeScript parser and refuses one whose fields are a schema's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as responses from '#lib/shared/schemas/responses.ts';
import * as receipts from '#lib/shared/schemas/receipts.ts';

/** The field names of an object schema (of an array's element), else null. */
function fieldsOf(schema: unknown): string[] | null {
  let s = schema;
  for (let i = 0; i < 4 && s; i++) {
    if (s instanceof z.ZodArray) s = s.element;
    else if (s instanceof z.ZodNullable || s instanceof z.ZodOptional) s = s.unwrap();
    else break;
  }
  return s instanceof z.ZodObject ? Object.keys(s.shape as object).sort() : null;
}

/** Every exported response schema's fields, by name (objects of at least three fields: smaller ones match by chance). */
const SCHEMAS = new Map(
  Object.entries({ ...responses, ...receipts }).flatMap(([name, s]) => {
    const f = fieldsOf(s);
    return f && f.length >= 3 ? [[name, f.join(',')] as const] : [];
  }),
);

/** The interfaces and object type aliases of a file whose fields are exactly a schema's: "File: Name mirrors schema". */
function mirrorsIn(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const check = (name: string, members: ts.NodeArray<ts.TypeElement>) => {
    const fields = members
      .filter((m) => ts.isPropertySignature(m) && m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)))
      .map((m) => (m.name as ts.Identifier | ts.StringLiteral).text)
      .sort()
      .join(',');
    for (const [schema, f] of SCHEMAS) if (f === fields) out.push(`${fileName}: ${name} mirrors ${schema}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node)) check(node.name.text, node.members);
    else if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) check(node.name.text, node.type.members);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/**
 * The page models the API converts at its edge (figures as numbers; the answer writes money as
 * decimal strings, open-data/money): same field names, other types, so not yet the schema's type.
 * They go when each endpoint is defined from its schema (its input type the model, its output the
 * answer). Listed so no other joins them: a new mirror fails, and so does an entry here that is gone.
 */
const CONVERTED_AT_THE_EDGE = [
  'src/lib/server/open-data/asset-page.ts: AssetHistoryPoint mirrors assetHistorySchema',
  'src/lib/server/open-data/issuer-page.ts: IssuerSummary mirrors issuersSchema',
  'src/lib/server/open-data/issuer-page.ts: IssuerPage mirrors issuerPageSchema',
  'src/lib/server/open-data/network-page.ts: NetworkPage mirrors networkPageSchema',
  'src/lib/server/open-data/receipt-page.ts: AssetReceipt mirrors assetReceiptSchema',
];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );

describe('no response interface mirrors a schema', () => {
  it('the schemas are read (a broken reading would pass anything)', () => {
    expect(SCHEMAS.get('networksSchema')).toBe('change30d,change30dOrigin,iconUrl,id,marketShare,name,origin,rwaCount,totalValue');
    expect(SCHEMAS.size).toBeGreaterThan(10);
  });

  it('in src/', () => {
    const root = process.cwd();
    const found = sourceFiles(join(root, 'src')).flatMap((f) => mirrorsIn(relative(root, f), readFileSync(f, 'utf8')));
    expect(found.filter((m) => !CONVERTED_AT_THE_EDGE.includes(m))).toEqual([]);
    expect(CONVERTED_AT_THE_EDGE.filter((m) => !found.includes(m))).toEqual([]);
    // Parsing every file of src/ takes seconds on a loaded machine.
  }, 60_000);

  it('a planted mirror is refused, in either spelling', () => {
    const iface = `export interface Network {\n  id: string; name: string; iconUrl: string; rwaCount: number; totalValue: string;\n  marketShare: number; change30d: string | null; origin: Origin; change30dOrigin: Origin;\n}`;
    expect(mirrorsIn('planted.ts', iface)).toEqual(['planted.ts: Network mirrors networksSchema']);
    const alias = `type Overview = { totalRWAValue: string; totalAssetHolders: number; totalRWAHolders: number; totalAssetIssuers: number; totalStablecoinValue: string; asOf: string; changes30d?: object; basis: object | null; origin: string };`;
    expect(mirrorsIn('planted.ts', alias)).toEqual(['planted.ts: Overview mirrors marketOverviewSchema']);
    // The schema's own type is no mirror.
    expect(mirrorsIn('planted.ts', 'export type Network = z.infer<typeof networksSchema>[number];')).toEqual([]);
  });
});
