/**
 * An API shape is declared once, by its zod schema: a TypeScript interface beside it that names
 * exactly the same fields is a mirror, which drifts from the schema the first time one of the two
 * is changed alone (the OpenAPI document and the answers' check follow the schema, the pages the
 * interface). The type of an answer, or of a part of one, is read off its schema (z.output, or the
 * page model with its money as numbers: WithNumbers, src/lib/shared/money.ts). This test reads
 * every interface and object type of src/ with the TypeScript parser and refuses one whose fields
 * are an endpoint's answer's (every endpoint's schema, from its definition) or, in the API's own
 * code (src/lib/server/open-data and the routes), those of any object inside an answer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '#lib/server/open-data/endpoints/list.ts';

/** Objects of fewer fields are left out: they match by chance. */
const MIN_FIELDS = 3;

/** The API's own code, where no part of an answer may have a type of its own either. */
const API_CODE = ['src/lib/server/open-data/', 'src/pages/api/'];

/**
 * Each object of an answer's schema by where it sits (`Networks[]`, `AssetPage.history[]`), with
 * its sorted field names; `whole`: only the answer itself (or its array's element).
 */
function objectsOf(schema: unknown, at: string, whole: boolean, out = new Map<string, string>()): Map<string, string> {
  const s = schema as z.ZodType;
  if (s instanceof z.ZodArray) return objectsOf(s.element, `${at}[]`, whole, out);
  if (s instanceof z.ZodNullable || s instanceof z.ZodOptional) return objectsOf(s.unwrap(), at, whole, out);
  if (s instanceof z.ZodUnion) {
    s.options.forEach((o, i) => objectsOf(o, `${at}|${i}`, whole, out));
    return out;
  }
  if (s instanceof z.ZodRecord && !whole) return objectsOf(s.valueType, `${at}{}`, whole, out);
  if (s instanceof z.ZodObject) {
    const fields = Object.keys(s.shape as object).sort();
    if (fields.length >= MIN_FIELDS) out.set(at, fields.join(','));
    if (!whole) for (const [k, v] of Object.entries(s.shape as object)) objectsOf(v, `${at}.${k}`, whole, out);
  }
  return out;
}

const ANSWERS = new Map(ENDPOINTS.flatMap((e) => [...objectsOf(e.schema, e.component, true)]));
const PARTS = new Map(ENDPOINTS.flatMap((e) => [...objectsOf(e.schema, e.component, false)]));

/** The interfaces and object type aliases of a file whose fields are exactly a schema's: "File: Name mirrors Where". */
function mirrorsIn(fileName: string, text: string): string[] {
  const schemas = API_CODE.some((dir) => fileName.startsWith(dir)) ? PARTS : ANSWERS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const check = (name: string, members: ts.NodeArray<ts.TypeElement>) => {
    const fields = members
      .filter((m) => ts.isPropertySignature(m) && m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)))
      .map((m) => (m.name as ts.Identifier | ts.StringLiteral).text)
      .sort()
      .join(',');
    for (const [where, f] of schemas) if (f === fields) out.push(`${fileName}: ${name} mirrors ${where}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node)) check(node.name.text, node.members);
    else if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) check(node.name.text, node.type.members);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );

describe('no response interface mirrors a schema', () => {
  it('the schemas are read (a broken reading would pass anything)', () => {
    expect(ANSWERS.get('Networks[]')).toBe('change30d,change30dOrigin,iconUrl,id,marketShare,name,origin,rwaCount,totalValue');
    expect(PARTS.get('AssetReconciliation.rows[]')).toBe('date,flagged,gapPct,kind,label,note,url,value');
    expect(ANSWERS.has('AssetReconciliation.rows[]')).toBe(false);
    expect(ANSWERS.size).toBeGreaterThan(20);
    expect(PARTS.size).toBeGreaterThan(ANSWERS.size);
  });

  it('in src/', () => {
    const root = process.cwd();
    const found = sourceFiles(join(root, 'src')).flatMap((f) => mirrorsIn(relative(root, f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
    // Parsing every file of src/ takes seconds on a loaded machine.
  }, 60_000);

  it('a planted mirror is refused, in either spelling', () => {
    const iface = `export interface Network {\n  id: string; name: string; iconUrl: string; rwaCount: number; totalValue: string;\n  marketShare: number; change30d: string | null; origin: Origin; change30dOrigin: Origin;\n}`;
    expect(mirrorsIn('planted.ts', iface)).toEqual(['planted.ts: Network mirrors Networks[]']);
    const alias = `type Overview = { totalRWAValue: string; totalAssetHolders: number; totalRWAHolders: number; totalAssetIssuers: number; totalStablecoinValue: string; asOf: string; changes30d?: object; basis: object | null; origin: string };`;
    expect(mirrorsIn('planted.ts', alias)).toEqual(['planted.ts: Overview mirrors MarketOverview']);
    // The schema's own type is no mirror.
    expect(mirrorsIn('planted.ts', 'export type Network = z.infer<typeof networksSchema>[number];')).toEqual([]);
  });

  it("a part of an answer is refused in the API's own code, with its money as numbers too", () => {
    const row = `interface Row { kind: string; label: string; value: number | null; date: string | null; url: string | null; gapPct: number | null; flagged: boolean; note: string }`;
    expect(mirrorsIn('src/lib/server/open-data/planted.ts', row)).toEqual([
      'src/lib/server/open-data/planted.ts: Row mirrors AssetReconciliation.rows[]',
    ]);
    expect(mirrorsIn('src/lib/shared/planted.ts', row)).toEqual([]);
  });
});
