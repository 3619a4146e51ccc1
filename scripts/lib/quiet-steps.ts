/**
 * Commands run with their output held back and printed as one block when each ends, so steps
 * running side by side never interleave their lines. `npm test` (scripts/test.ts) and `npm run check`
 * (scripts/check.ts) run their steps through these.
 */
import { spawn } from 'node:child_process';

export interface Step {
  title: string;
  cmd: string;
  args: string[];
}

export interface StepResult {
  title: string;
  ok: boolean;
  output: string;
  seconds: number;
}

export const step = (title: string, cmd: string, args: string[]): Step => ({ title, cmd, args });

/** A script of node_modules/.bin, run without npx's lookup. */
export const bin = (name: string) => `node_modules/.bin/${name}`;

/** Runs one step, its output (stdout and stderr, in order) held back until it ends. */
export function runQuiet({ title, cmd, args }: Step, env: NodeJS.ProcessEnv = process.env): Promise<StepResult> {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    const finish = (ok: boolean, extra = '') =>
      done({ title, ok, output: Buffer.concat(chunks).toString() + extra, seconds: (Date.now() - started) / 1000 });
    child.on('error', (error) => finish(false, String(error)));
    child.on('close', (code) => finish(code === 0));
  });
}

/** One step's block, as both scripts print it. */
export const printed = (r: StepResult) =>
  `\n=== ${r.title} (${r.seconds.toFixed(0)} s)\n${r.output.trimEnd()}${r.ok ? '' : `\n\n${r.title} failed.`}`;
