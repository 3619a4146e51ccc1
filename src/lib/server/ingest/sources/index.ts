/** Every source, in the order a run reads them. A new source: one file, one line here. */
import { defillamaSource } from './defillama.ts';
import { evmSource } from './evm.ts';
import type { Source } from './types.ts';

export const SOURCES: Source[] = [evmSource, defillamaSource];
