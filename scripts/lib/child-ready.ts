/**
 * Waiting for a child process (the server, sqld, anvil) to answer: poll until it is ready, failing
 * fast when it exits and killing it when it takes too long, with what it printed in the error.
 */
import type { ChildProcess } from 'node:child_process';

export interface ReadyOptions {
  /** One probe: true once the child answers as it should. A throw (not listening yet) counts as false. */
  probe: () => Promise<boolean>;
  /** For the error: 'sqld', 'Server', 'anvil'. */
  name: string;
  timeoutMs: number;
  intervalMs: number;
  /** What the child printed so far. */
  output: () => string;
}

export async function waitUntilReady(child: ChildProcess, options: ReadyOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (hasExited(child)) throw new Error(`${options.name} exited early (${child.exitCode ?? child.signalCode}):\n${options.output()}`);
    if (await options.probe().catch(() => false)) return;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} did not start in time:\n${options.output()}`);
    }
    await new Promise((r) => setTimeout(r, options.intervalMs));
  }
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Resolves when the child has exited (at once if it already has). */
export const exitOf = (child: ChildProcess) => (): Promise<void> =>
  new Promise((ok) => (hasExited(child) ? ok() : child.once('exit', () => ok())));

/**
 * Asks the child to stop (SIGTERM) and resolves once it has; one that is still running after
 * `graceMs` is killed. A stop never hangs a test run on a child that ignores SIGTERM.
 */
export function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (hasExited(child)) return Promise.resolve();
  return new Promise((ok) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      ok();
    });
    child.kill('SIGTERM');
  });
}
