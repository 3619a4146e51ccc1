/**
 * Local chains for the ingest tests, `npm run ingest:local` and the benchmark: real Anvil nodes
 * (the binary from @foundry-rs/anvil's platform package), contracts compiled by solc (npm) and
 * deployed with viem, block times set explicitly so each action lands on a chosen UTC day.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { freePort } from './free-port.ts';
import { stopChild, waitUntilReady } from './child-ready.ts';
import { dirname, join } from 'node:path';
import {
  createTestClient,
  createWalletClient,
  createPublicClient,
  http,
  publicActions,
  walletActions,
  type Abi,
  type Address,
  type Hex,
} from 'viem';

const require = createRequire(import.meta.url);

function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const platform = process.platform === 'win32' ? 'win32' : process.platform;
  const pkg = `@foundry-rs/anvil-${platform}-${arch}`;
  return join(dirname(require.resolve(`${pkg}/package.json`)), 'bin', platform === 'win32' ? 'anvil.exe' : 'anvil');
}

export { freePort };

export interface Anvil {
  url: string;
  chainId: number;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts an Anvil node on loopback whose genesis block has the given time (seconds).
 *
 * Anvil writes the states of blocks older than its in-memory window to a cache folder, by default
 * under ~/.foundry, and leaves them there: a chain of 25,000 blocks wrote 8 GB per run and filled a
 * CI disk. Each node gets a scratch folder removed when it stops; a long chain that needs no old
 * state passes `--prune-history` and writes none.
 */
export async function startAnvil(chainId: number, genesisTime: number, extra: string[] = []): Promise<Anvil> {
  const port = await freePort();
  const cache = mkdtempSync(join(tmpdir(), 'rwa-anvil-'));
  const child = spawn(
    anvilBinary(),
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--chain-id',
      String(chainId),
      '--timestamp',
      String(genesisTime),
      '--silent',
      '--cache-path',
      cache,
      ...extra,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Never leave a node behind when this process ends (an error, a timeout, Ctrl-C).
  const reap = () => {
    child.kill('SIGKILL');
    rmSync(cache, { recursive: true, force: true });
  };
  process.once('exit', reap);
  child.once('exit', () => {
    process.off('exit', reap);
    rmSync(cache, { recursive: true, force: true });
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, {
    name: 'anvil',
    probe: async () =>
      (
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        })
      ).ok,
    timeoutMs: 30_000,
    intervalMs: 100,
    output: () => out,
  });
  const stop = () => stopChild(child);
  return { url, chainId, process: child, stop };
}

/** Mines `count` empty blocks at once, `interval` seconds apart (anvil_mine): a long chain in one call. */
export async function mineBlocks(anvil: Pick<Anvil, 'url'>, count: number, interval = 3): Promise<void> {
  const res = await fetch(anvil.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_mine',
      params: [`0x${count.toString(16)}`, `0x${interval.toString(16)}`],
    }),
  });
  const body = (await res.json()) as { error?: { message?: string } };
  if (body.error) throw new Error(`anvil_mine: ${body.error.message ?? 'refused'}`);
}

interface Compiled {
  abi: Abi;
  bytecode: Hex;
}

let compiled: Record<string, Compiled> | undefined;

/**
 * Compiles scripts/lib/contracts/TestToken.sol (both contracts) with solc, once per source: loading
 * solc and compiling costs about 2 s of CPU, and every test file that deploys runs in a process of
 * its own, so the output is kept in the temp folder under the hash of the compiler version, the
 * source and the settings (a changed contract compiles afresh).
 */
function compileContracts(): Record<string, Compiled> {
  if (compiled) return compiled;
  const source = readFileSync(new URL('./contracts/TestToken.sol', import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: source } },
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const version = (require('solc/package.json') as { version: string }).version;
  const key = createHash('sha256')
    .update(JSON.stringify([version, input]))
    .digest('hex')
    .slice(0, 16);
  const kept = join(tmpdir(), `rwa-solc-${key}.json`);
  try {
    return (compiled = JSON.parse(readFileSync(kept, 'utf8')) as Record<string, Compiled>);
  } catch {
    // Not kept yet, or unreadable (a full disk cut it short): compiled again below and written anew.
  }
  const solc = require('solc') as { compile: (input: string) => string };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, unknown>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  compiled = {};
  for (const [name, c] of Object.entries(
    output.contracts['TestToken.sol'] as Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>,
  )) {
    compiled[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  }
  // Written whole, then renamed: a file running beside this one reads all of it or none.
  const partial = `${kept}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(compiled));
  renameSync(partial, kept);
  return compiled;
}

/** Anvil's first default account (unlocked): deploys and owns everything. */
export const DEPLOYER: Address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

export type LocalChain = ReturnType<typeof chainClient>;

export function chainClient(anvil: Anvil) {
  const chain = {
    id: anvil.chainId,
    name: `anvil-${anvil.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  } as const;
  const test = createTestClient({ chain, mode: 'anvil', transport: http(anvil.url) })
    .extend(publicActions)
    .extend(walletActions);
  const wallet = createWalletClient({ chain, account: DEPLOYER, transport: http(anvil.url) });
  const pub = createPublicClient({ chain, transport: http(anvil.url) });
  return { anvil, test, wallet, pub };
}

/** Sends a transaction mined in a block with exactly this time (seconds); returns its hash. */
async function at<T extends Hex>(c: LocalChain, time: number, send: () => Promise<T>): Promise<T> {
  await c.test.setNextBlockTimestamp({ timestamp: BigInt(time) });
  const hash = await send();
  const receipt = await c.pub.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  return hash;
}

export async function deploy(
  c: LocalChain,
  time: number,
  name: 'TestToken' | 'TestPriceFeed' | 'TestVault',
  args: unknown[] = [],
): Promise<Address> {
  const { abi, bytecode } = compileContracts()[name];
  const hash = await at(c, time, () => c.wallet.deployContract({ abi, bytecode, args }));
  const receipt = await c.pub.getTransactionReceipt({ hash });
  return receipt.contractAddress!;
}

/** Calls a state-changing function of a deployed test contract in a block at `time`. */
export async function call(
  c: LocalChain,
  time: number,
  address: Address,
  contract: 'TestToken' | 'TestPriceFeed' | 'TestVault',
  functionName: string,
  args: unknown[],
): Promise<Hex> {
  const { abi } = compileContracts()[contract];
  return at(c, time, () => c.wallet.writeContract({ address, abi, functionName, args }));
}
