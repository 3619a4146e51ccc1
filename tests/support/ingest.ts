/** Runs `npm run ingest` (scripts/ingest.ts) as a child process, as an operator would. */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { startScenario, writeRegistry, type Scenario } from '../../scripts/lib/ingest-scenario.ts';
import { childNodeOptions, startServer, type RunningServer } from './server.ts';

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
      // Anvil's blocks are played in the past, below no finalized head: read up to the latest block, with no head-age bound
      // and no wait for a close the played chain never reaches (a test run just after 00:00 UTC would wait).
      env: {
        ...process.env,
        INGEST_BACKOFF_MS: '20',
        INGEST_HEAD_TAG: 'latest',
        INGEST_MAX_HEAD_AGE: '0',
        INGEST_CLOSE_WAIT: '0',
        ...env,
        NODE_OPTIONS: childNodeOptions(env.NODE_OPTIONS === undefined ? process.env : env),
      },
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

export interface ScenarioServer {
  scenario: Scenario;
  server: RunningServer;
  /** The registry of the scenario's two chains, which the server lists on /sources. */
  registryFile: string;
  /** What `npm run ingest` needs to read the scenario into the server's database. */
  env: Record<string, string>;
}

/** The two-chain scenario (scripts/lib/ingest-scenario.ts) and a built server on the database its ingest writes. */
export async function startScenarioServer(): Promise<ScenarioServer> {
  const scenario = await startScenario();
  const registryFile = join(mkdtempSync(join(tmpdir(), 'rwa-registry-')), 'registry.json');
  writeRegistry(scenario, registryFile);
  const server = await startServer({ env: { INGEST_REGISTRY: registryFile } });
  return { scenario, server, registryFile, env: { ...scenario.env, DATABASE_URL: server.databaseUrl, INGEST_REGISTRY: registryFile } };
}

/** GET that must answer 200: the body as JSON when it is JSON, else as text. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of any shape, read by the test as it expects it
export async function getOk(baseUrl: string, path: string): Promise<any> {
  const res = await fetch(baseUrl + path);
  expect(res.status, path).toBe(200);
  return res.headers.get('content-type')?.includes('json') ? res.json() : res.text();
}
