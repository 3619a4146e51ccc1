/**
 * An HTTP relay between a server and sqld that keeps what it passes on: each request is one round
 * trip, exactly as a remote database sees it, with the statements it carried (the body of libSQL's
 * pipeline request, as sent). A test can then tell the page cache's change-counter read from a
 * page's own batch, instead of only counting both.
 */
import { createServer, request } from 'node:http';
import { CHANGE_COUNTER_TABLE } from '#db/change-counter.ts';

export interface Trip {
  /** Date.now() when the request reached the relay. */
  at: number;
  /** The request body as sent (JSON with the statements' SQL). */
  body: string;
}

export interface SqlRelay {
  url: string;
  /** Every round trip so far, oldest first. */
  trips: () => readonly Trip[];
  close: () => Promise<void>;
}

/** The change counter's read (response-cache.ts), alone in its round trip: `SELECT n FROM change_counter WHERE id = 1`. */
const COUNTER_READ = new RegExp(`SELECT n FROM ${CHANGE_COUNTER_TABLE} WHERE id = 1`);
export const isCounterRead = (trip: Trip) => COUNTER_READ.test(trip.body) && (trip.body.match(/"sql"\s*:/g) ?? []).length === 1;

export async function sqlRelay(target: string): Promise<SqlRelay> {
  const to = new URL(target);
  const trips: Trip[] = [];
  const server = createServer((req, res) => {
    const trip: Trip = { at: Date.now(), body: '' };
    trips.push(trip);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      trip.body = body.toString('utf8');
      // Passed on whole, with its length: the body was read here to be kept.
      const headers = { ...req.headers, host: to.host, 'content-length': String(body.length) };
      delete headers['transfer-encoding'];
      const out = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      out.end(body);
    });
  });
  // Connections stay open until the client lets them go: a relay that closed an idle one as the
  // client reused it would fail the client's write (EPIPE), a fault of the relay, not of the server.
  server.keepAliveTimeout = 0;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    trips: () => trips,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
