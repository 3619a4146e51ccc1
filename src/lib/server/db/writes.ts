/**
 * Notices this process's writes to the database, so the page cache (response-cache.ts) can keep the
 * change counter of a remote database in memory for a moment without ever serving this process's own
 * edit late: a write made here drops the kept counter as soon as it is committed. Wraps the libSQL
 * client (a Proxy: every other property passes through unchanged).
 */
import type { Client, InArgs, InStatement, Transaction, TransactionMode } from '@libsql/client';

const sqlOf = (stmt: InStatement) => (typeof stmt === 'string' ? stmt : stmt.sql);
/** Anything but a plain SELECT may write (an INSERT, a PRAGMA with a value, a WITH ... UPDATE): counted as one. */
export const mayWrite = (stmt: InStatement) => !/^\s*select\b/i.test(sqlOf(stmt));

export function watchWrites(client: Client, onWrite: () => void): Client {
  const after = async <T>(run: Promise<T>, wrote: boolean): Promise<T> => {
    try {
      return await run;
    } finally {
      if (wrote) onWrite();
    }
  };
  const watchTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, prop) {
        if (prop === 'commit') return () => after(target.commit(), true);
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(client, {
    get(target, prop) {
      switch (prop) {
        case 'execute':
          return (stmt: InStatement, args?: InArgs) =>
            after(typeof stmt === 'string' ? target.execute(stmt, args) : target.execute(stmt), mayWrite(stmt));
        case 'batch':
          return (stmts: InStatement[], mode?: TransactionMode) =>
            after(target.batch(stmts, mode), mode !== 'read' && stmts.some(mayWrite));
        case 'executeMultiple':
          return (sql: string) => after(target.executeMultiple(sql), true);
        case 'migrate':
          return (stmts: InStatement[]) => after(target.migrate(stmts), true);
        case 'transaction':
          return async (mode?: TransactionMode) => {
            const tx = await target.transaction(mode);
            return mode === 'read' ? tx : watchTransaction(tx);
          };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
