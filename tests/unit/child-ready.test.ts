import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { stopChild, waitUntilReady } from '../../scripts/lib/child-ready.ts';

/** A child Node process running `code`, which prints "up" once its handlers are in place. */
function child(code: string) {
  const c = spawn(process.execPath, ['-e', `${code}; console.log('up'); setInterval(() => {}, 1000);`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const up = new Promise<void>((ok) => c.stdout.once('data', () => ok()));
  return { c, up };
}

describe('stopChild', () => {
  it('a child that ends on SIGTERM is stopped by it', async () => {
    const { c, up } = child('');
    await up;
    await stopChild(c, 5_000);
    expect(c.signalCode).toBe('SIGTERM');
  });

  it('a child that ignores SIGTERM is killed after the grace period: the stop never hangs', async () => {
    const { c, up } = child("process.on('SIGTERM', () => {})");
    await up;
    await stopChild(c, 200);
    expect(c.signalCode).toBe('SIGKILL');
  });

  it('a child that has already exited resolves at once', async () => {
    const c = spawn(process.execPath, ['-e', '']);
    await new Promise((ok) => c.once('exit', ok));
    await expect(stopChild(c)).resolves.toBeUndefined();
  });
});

describe('waitUntilReady', () => {
  it('fails fast, with what the child printed, when it exits before answering', async () => {
    const c = spawn(process.execPath, ['-e', "console.error('no port'); process.exit(3)"], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    c.stderr.on('data', (d) => (out += d));
    await new Promise((ok) => c.once('exit', ok));
    await expect(
      waitUntilReady(c, { name: 'Server', probe: () => Promise.resolve(false), timeoutMs: 10_000, intervalMs: 10, output: () => out }),
    ).rejects.toThrow(/Server exited early \(3\):\nno port/);
  });

  it('kills a child that does not answer in time', async () => {
    const { c, up } = child('');
    await up;
    await expect(
      waitUntilReady(c, {
        name: 'sqld',
        probe: () => Promise.reject(new Error('ECONNREFUSED')),
        timeoutMs: 100,
        intervalMs: 10,
        output: () => '',
      }),
    ).rejects.toThrow(/sqld did not start in time/);
    await new Promise((ok) => (c.exitCode !== null || c.signalCode !== null ? ok(null) : c.once('exit', ok)));
    expect(c.signalCode).toBe('SIGKILL');
  });
});
