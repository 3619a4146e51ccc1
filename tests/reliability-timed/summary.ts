/**
 * Global setup of the reliability project: clears last run's figures, and at the end prints the
 * one summary people quote (requests held, kills survived, inputs tried, writes lost).
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { FIGURES_DIR } from '../reliability/support.ts';

export default function setup() {
  rmSync(FIGURES_DIR, { recursive: true, force: true });
  const started = Date.now();
  return () => {
    if (!existsSync(FIGURES_DIR)) return;
    const lines: string[] = [];
    for (const file of readdirSync(FIGURES_DIR).sort()) {
      const figures = JSON.parse(readFileSync(resolve(FIGURES_DIR, file), 'utf8')) as Record<string, unknown>;
      lines.push(
        `  ${file.replace(/\.json$/, '').padEnd(10)} ${Object.entries(figures)
          .map(([k, v]) => `${k}=${v}`)
          .join('  ')}`,
      );
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`\n=== Reliability summary (vitest run: ${seconds} s)\n${lines.join('\n')}\n`);
  };
}
