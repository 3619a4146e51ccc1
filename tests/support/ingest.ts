/** Runs `npm run ingest` (scripts/ingest.ts) as a child process, as an operator would. */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function runIngestCli(
  args: string[],
  env: Record<string, string | undefined>,
  onLine?: (line: string, kill: () => void) => void,
): Promise<CliResult> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, ['scripts/ingest.ts', ...args], {
      cwd: ROOT,
      // Anvil's blocks are played in the past, below no finalized head: read up to the latest block, with no head-age bound.
      env: { ...process.env, INGEST_BACKOFF_MS: '20', INGEST_HEAD_TAG: 'latest', INGEST_MAX_HEAD_AGE: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let buffered = '';
    child.stdout.on('data', (d) => {
      stdout += d;
      buffered += d;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) onLine?.(line, () => child.kill('SIGKILL'));
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code, signal) => ok({ code, signal, stdout, stderr }));
  });
}
