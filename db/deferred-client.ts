import type { Client, Config, InArgs, InStatement, Replicated, ResultSet, Transaction, TransactionMode } from '@libsql/client';
import { isLocalFile } from './local-file.ts';

/**
 * A libSQL client whose driver is loaded when the client is made, without making its caller wait:
 * `@libsql/client` loads the drivers of every kind of URL (for a server's: ws and the hrana protocol)
 * whatever the URL, about 0.15 s of CPU in every process that opens a local file (each server start,
 * each ingest run). A file's client loads the local driver alone (`@libsql/client/sqlite3`), a
 * server's URL the package as before. Calls made before the driver is there wait for it, in the order
 * they were made; after that each goes straight to the client. A client closed before its driver
 * arrived is closed on arrival (a call then fails as on any closed client).
 */
class DeferredClient implements Client {
  #client: Client | undefined;
  #closed = false;
  readonly #made: Promise<Client>;
  readonly #local: boolean;

  constructor(config: Config) {
    this.#local = isLocalFile(config.url);
    const driver = this.#local ? import('@libsql/client/sqlite3') : import('@libsql/client');
    this.#made = driver.then(({ createClient }) => {
      const client = createClient(config);
      if (this.#closed) client.close();
      this.#client = client;
      return client;
    });
    // A driver that fails to load (or a config it refuses) fails each call; unused, it is no crash.
    this.#made.catch(() => undefined);
  }

  #use<T>(run: (client: Client) => Promise<T>): Promise<T> {
    return this.#client ? run(this.#client) : this.#made.then(run);
  }

  execute(stmt: InStatement): Promise<ResultSet>;
  execute(sql: string, args?: InArgs): Promise<ResultSet>;
  execute(stmt: InStatement, args?: InArgs): Promise<ResultSet> {
    return this.#use((c) => (typeof stmt === 'string' ? c.execute(stmt, args) : c.execute(stmt)));
  }

  batch(stmts: Array<InStatement | [string, InArgs?]>, mode?: TransactionMode): Promise<ResultSet[]> {
    return this.#use((c) => c.batch(stmts, mode));
  }

  migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    return this.#use((c) => c.migrate(stmts));
  }

  transaction(mode?: TransactionMode): Promise<Transaction> {
    return this.#use((c) => c.transaction(mode));
  }

  executeMultiple(sql: string): Promise<void> {
    return this.#use((c) => c.executeMultiple(sql));
  }

  sync(): Promise<Replicated> {
    return this.#use((c) => c.sync());
  }

  close(): void {
    this.#closed = true;
    this.#client?.close();
  }

  reconnect(): void {
    // Before the driver arrived there is nothing to reopen: the client it makes is open.
    this.#closed = false;
    this.#client?.reconnect();
  }

  get closed(): boolean {
    return this.#client ? this.#client.closed : this.#closed;
  }

  get protocol(): string {
    return this.#client?.protocol ?? (this.#local ? 'file' : '');
  }
}

export const deferredClient = (config: Config): Client => new DeferredClient(config);
