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
    if (child.exitCode !== null) throw new Error(`${options.name} exited early (${child.exitCode}):\n${options.output()}`);
    if (await options.probe().catch(() => false)) return;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} did not start in time:\n${options.output()}`);
    }
    await new Promise((r) => setTimeout(r, options.intervalMs));
  }
}

/** Resolves when the child has exited (at once if it already has). */
export const exitOf = (child: ChildProcess) => (): Promise<void> =>
  new Promise((ok) => (child.exitCode !== null || child.signalCode !== null ? ok() : child.once('exit', () => ok())));
