/**
 * The one list of chain families: each declared in its own file under families/ (README.md says
 * what a declaration must hold) and registered here. The registry's loader, the statements of
 * method, the receipts and the network icons loop over this list; the ingest's reader of each
 * family registers against its id (ingest/sources/index.ts), and a test fails when a family has no
 * reader or a reader no family.
 */
import { declarationProblems, type FamilyDeclaration } from './family.ts';
import { aptos } from './families/aptos.ts';
import { evm } from './families/evm.ts';
import { solana } from './families/solana.ts';
import { stellar } from './families/stellar.ts';
import { xrpl } from './families/xrpl.ts';

const declared = new Map<string, FamilyDeclaration>();

/** Adds a family to the list; a declaration that leaves something out, or takes a declared id, is refused whole. */
export function registerFamily(d: FamilyDeclaration): void {
  const problems = declarationProblems(d);
  if (declared.has(d.id)) problems.push(`the id "${d.id}" is declared already`);
  if (problems.length) throw new Error(`Chain family "${d.id}": ${problems.join('; ')}`);
  declared.set(d.id, d);
}

for (const d of [evm, solana, stellar, aptos, xrpl]) registerFamily(d);

/** Every declared family, in the order declared. */
export const families = (): FamilyDeclaration[] => [...declared.values()];

/** The declaration of a family id, or undefined. */
export const familyById = (id: string): FamilyDeclaration | undefined => declared.get(id);

/** Whether a source reads a chain's own ledger (a family's reader is named by its id); any other source is an aggregator (DefiLlama). */
export const isChainReader = (source: string): boolean => declared.has(source);

/** The network icon of a chain of this family when its chain has none of its own. */
export const familyIcon = (id: string): string | null => declared.get(id)?.icon ?? null;
