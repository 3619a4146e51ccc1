/** The parameters several endpoints share (endpoints/*.ts), as the OpenAPI document gives them. */
import { RANGES } from '#lib/shared/open-data/range.ts';
import type { Param } from './definition.ts';

/** A query parameter: what it is, and its JSON Schema. */
export const query = (name: string, description: string, schema: Param['schema']): Param => ({ name, in: 'query', description, schema });
export const format = query('format', 'json (default) or csv: the same rows as RFC 4180 CSV with a header row and plain numbers', {
  type: 'string',
  enum: ['json', 'csv'],
});
export const download = query('download', 'Present: sent as a file (Content-Disposition) named with the view and the as-of date', {
  type: 'string',
});
export const limit = query('limit', 'At most this many rows, largest first (1 to 1000); absent: all', {
  type: 'integer',
  minimum: 1,
  maximum: 1000,
});
export const assetClass = query('assetClass', "Only the assets of this class, as the list names it (e.g. 'U.S. Treasuries')", {
  type: 'string',
  maxLength: 100,
});
export const id = (what: string): Param => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `The ${what}'s id`,
  schema: { type: 'string' },
});
/** from/to alone, for the spec's series (every date without them). */
export const bounds = (): Param[] => history.slice(1);
const DATE = { type: 'string', format: 'date' };
export const history: Param[] = [
  query('range', 'The last 30d, 90d (default), 1y, or all', { type: 'string', enum: [...RANGES] }),
  query('from', 'First date, inclusive (YYYY-MM-DD); with from or to, range is ignored', DATE),
  query('to', 'Last date, inclusive (YYYY-MM-DD), not before from', DATE),
];
