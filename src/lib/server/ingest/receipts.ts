/**
 * Receipts, ingest side: while a source reads a deployment, it keeps each contract
 * call's data and raw answer (sources/evm/raw-multicall.ts); with the block and the sum they make the
 * observation's receipt, stored beside it (observe.ts) under the same key, for as long as the
 * observation (observations are never deleted). The site reads them in open-data/receipt-page.ts.
 */
import { formatUnits, type Abi } from 'viem';
import type { Database } from '#db/client.ts';
import { ingestReceipts } from '#db/schema/index.ts';
import type { EvmReceipt, ReceiptCall } from '#lib/shared/receipts.ts';
import type { ContractRead, RawResult } from './sources/evm/raw-multicall.ts';
import type { ReceiptKey } from '#lib/server/figures/receipts.ts';

/** An answer as text: integers in decimal, tuples joined. */
function decodedText(v: unknown): string {
  if (Array.isArray(v)) return `(${v.map(decodedText).join(', ')})`;
  return String(v);
}

/** One read and its answer as the receipt shows it. */
export function receiptCall(read: ContractRead, r: RawResult): ReceiptCall {
  const item = (read.abi as Abi).find((x) => x.type === 'function' && x.name === read.functionName);
  const types = item && item.type === 'function' ? item.inputs.map((i) => i.type).join(',') : '';
  return {
    to: read.address.toLowerCase(),
    method: `${read.functionName}(${types})`,
    args: (read.args ?? []).map((a) => String(a).toLowerCase()),
    data: r.callData,
    raw: r.raw,
    decoded: r.status === 'success' ? decodedText(r.result) : `failed: ${r.error.message.split('\n')[0]}`,
  };
}

export interface DeploymentRead {
  chainId: number;
  block: { number: bigint; time: number; hash: string };
  contract: string;
  decimals: number;
  totalSupply: bigint;
  excluded: Array<{ wallet: string; balance: bigint }>;
  /** Reserve wallets of other tracked products holding it (counted in supply). */
  reserves?: Array<{ wallet: string; balance: bigint }>;
  calls: ReceiptCall[];
  price: { value: number | null; source: string; calls: ReceiptCall[] };
  /** Why the block is not the day's close, when it is not (a node that kept no older state). */
  blockNote?: string | null;
}

/** The receipt of one deployment's figure: the read, and the sum (totalSupply minus the excluded, times the price). */
export function evmReceipt(d: DeploymentRead): EvmReceipt {
  const excludedSum = d.excluded.reduce((s, e) => s + e.balance, 0n);
  const supply = formatUnits(d.totalSupply - excludedSum, d.decimals);
  return {
    kind: 'evm',
    chainId: d.chainId,
    block: { number: Number(d.block.number), time: new Date(d.block.time).toISOString(), hash: d.block.hash },
    ...(d.blockNote ? { blockNote: d.blockNote } : {}),
    contract: d.contract.toLowerCase(),
    decimals: d.decimals,
    calls: d.calls,
    excluded: d.excluded.map((e) => ({ wallet: e.wallet.toLowerCase(), balance: formatUnits(e.balance, d.decimals) })),
    ...(d.reserves?.length
      ? { reserves: d.reserves.map((e) => ({ wallet: e.wallet.toLowerCase(), balance: formatUnits(e.balance, d.decimals) })) }
      : {}),
    totalSupply: formatUnits(d.totalSupply, d.decimals),
    supply,
    price: d.price,
    value: d.price.value === null ? null : Number(supply) * d.price.value,
  };
}

/** Stores the receipt of an observation (replacing this run's earlier one for the same key). */
export async function writeReceipt(db: Database, key: ReceiptKey, body: EvmReceipt): Promise<void> {
  await db
    .insert(ingestReceipts)
    .values({ ...key, body })
    .onConflictDoUpdate({
      target: [ingestReceipts.runId, ingestReceipts.date, ingestReceipts.assetSymbol, ingestReceipts.chain, ingestReceipts.source],
      set: { body },
    });
}
