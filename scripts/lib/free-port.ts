import { connect, createServer } from 'node:net';

/** A TCP port on loopback that nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

/**
 * The loopback port a test points at to find nothing there (connection refused). A port freePort()
 * handed out is free only for a moment: a server or chain that another test starts a moment later
 * may be given it, and an "offline" run then reached that chain. Port 2 lies below the range the
 * OS hands out, so no test's server ever gets it, and off fetch's list of blocked ports (1 is on it:
 * fetch would refuse it itself, not find it closed); that nothing of this machine listens there is
 * checked, not assumed.
 */
export async function closedPort(): Promise<number> {
  const port = 2;
  await new Promise<void>((ok, fail) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      fail(new Error(`Something listens on 127.0.0.1:${port}; the tests need that port closed.`));
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? ok() : fail(new Error(`127.0.0.1:${port}: ${error.message}`)),
    );
  });
  return port;
}
