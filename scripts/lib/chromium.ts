/**
 * Which Chromium the browser tests and Lighthouse drive, and the flags every headless run here uses:
 * they keep it off the network (closed on these machines) and let it run as root without a sandbox.
 *
 * Resolution order: `CHROMIUM_PATH` when set (it must exist), the system's `/usr/bin/chromium`, then
 * the Chromium that `@sparticuz/chromium` ships inside its npm package (a brotli archive unpacked
 * once into the temp folder). A bare machine therefore needs nothing beyond `npm install`; and a
 * browser that cannot be found is an error, never a reason to skip a test.
 */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
  // A C/POSIX system locale otherwise reaches pages as navigator.language 'en-US@posix'.
  '--lang=en-US',
];

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export interface ResolvedChromium {
  path: string;
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
  /** Environment the browser process needs (the npm build brings its own fonts). */
  env: Record<string, string>;
}

let resolved: Promise<ResolvedChromium> | undefined;

/** Finds (and on first use unpacks) a Chromium; throws with a clear message when there is none. */
export function resolveChromium(): Promise<ResolvedChromium> {
  resolved ??= find();
  return resolved;
}

async function find(): Promise<ResolvedChromium> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
    // The npm build keeps its fonts beside it; a path handed down by scripts/test.ts may be that build.
    return { path: fromEnv, source: 'CHROMIUM_PATH', env: fontsEnv() };
  }
  if (existsSync(SYSTEM_CHROMIUM) && !process.env.CHROMIUM_IGNORE_SYSTEM) {
    return { path: SYSTEM_CHROMIUM, source: 'system', env: {} };
  }
  let chromium: typeof import('@sparticuz/chromium').default;
  try {
    chromium = (await import('@sparticuz/chromium')).default;
  } catch (error) {
    throw new Error(`No Chromium: ${SYSTEM_CHROMIUM} is absent and @sparticuz/chromium is not installed (run npm install).`, {
      cause: error,
    });
  }
  const path = await chromium.executablePath();
  if (!existsSync(path)) throw new Error(`@sparticuz/chromium did not unpack a browser (expected ${path}).`);
  return { path, source: '@sparticuz/chromium', env: fontsEnv() };
}

/** @sparticuz/chromium unpacks its fonts and fontconfig into the temp folder; point Chromium there. */
function fontsEnv(): Record<string, string> {
  const fonts = join(tmpdir(), 'fonts');
  return existsSync(fonts) && !process.env.FONTCONFIG_PATH ? { FONTCONFIG_PATH: fonts } : {};
}
