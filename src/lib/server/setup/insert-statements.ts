import type { InStatement, InValue } from '@libsql/client';
import { getTableColumns, getTableName, is, SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * Multi-row INSERTs of `rows` into `table`, as plain statements for the libSQL client: the same SQL
 * and arguments drizzle's `db.insert(table).values(rows)` sends (a unit test holds them equal), built
 * without drizzle's query tree. That tree is built per value, and for the analytics snapshot's few
 * thousand rows it cost about 0.4 s of CPU on every first start.
 *
 * Drizzle's rules, kept: every column of the table in its order; a value the row does not
 * give takes the column's default, or a literal null; values go through the column's own mapping
 * (JSON text, booleans as integers). `size` rows per statement.
 */
export function insertStatements<T extends SQLiteTable>(
  table: T,
  rows: ReadonlyArray<T['$inferInsert']>,
  { size = Infinity, onConflictDoNothing = false } = {},
): InStatement[] {
  const columns = Object.entries(getTableColumns(table) as Record<string, SQLiteColumn>);
  for (const [, column] of columns) {
    // A generated column, or a default computed in SQL or by a function, is drizzle's to render: no table seeded here has one.
    if (column.generated || is(column.default, SQL) || column.defaultFn || column.onUpdateFn) {
      throw new Error(`insertStatements: column "${column.name}" of "${getTableName(table)}" is generated or has a computed default`);
    }
  }
  const head = `insert into "${getTableName(table)}" (${columns.map(([, column]) => `"${column.name}"`).join(', ')}) values `;
  const tail = onConflictDoNothing ? ' on conflict do nothing' : '';
  const statements: InStatement[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const args: InValue[] = [];
    const tuples: string[] = [];
    for (const row of rows.slice(start, start + size)) {
      const marks = columns.map(([key, column]) => {
        let value = (row as Record<string, unknown>)[key];
        if (value === undefined) value = column.default ?? undefined;
        if (value === undefined) return 'null';
        args.push(value === null ? null : (column.mapToDriverValue(value) as InValue));
        return '?';
      });
      tuples.push(`(${marks.join(', ')})`);
    }
    statements.push({ sql: head + tuples.join(', ') + tail, args });
  }
  return statements;
}
