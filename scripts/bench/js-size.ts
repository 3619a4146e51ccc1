/**
 * JavaScript a page ships on load: its module scripts, inline scripts and each island's component and
 * renderer, with the static imports they pull in (dynamic imports load later, on demand, and are not
 * counted). Chunks are then split into framework (the renderer's closure: react, react-dom, scheduler;
 * plus Astro's inline island runtime), shared (used by two or more of the measured pages) and page-specific.
 */
import { gzipSync } from 'node:zlib';

export interface PageJs {
  path: string;
  chunks: string[];
  inlineBytes: number;
  framework: { raw: number; gzip: number };
  shared: { raw: number; gzip: number };
  page: { raw: number; gzip: number };
  total: { raw: number; gzip: number };
}

/** Pages whose charts need React before interaction: the larger JavaScript budget. */
const CHART_PAGES = new Set(['/', '/networks']);

/**
 * The JavaScript budget of a page in KB gz: a chart page 140 before interaction; every
 * other page 25 (its header menus, drawer, toaster and share button are small custom elements).
 */
export const jsBudgetKb = (path: string) => (CHART_PAGES.has(path) ? 140 : 25);

const cache = new Map<string, Buffer>();
async function fetchAsset(baseUrl: string, url: string): Promise<Buffer> {
  const full = new URL(url, baseUrl).href;
  let b = cache.get(full);
  if (!b) {
    const res = await fetch(full);
    b = Buffer.from(await res.arrayBuffer());
    cache.set(full, b);
  }
  return b;
}

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["']([^"']+\.m?js)["']/g;

async function closure(baseUrl: string, entry: string, seen = new Set<string>()): Promise<Set<string>> {
  const url = new URL(entry, baseUrl).pathname;
  if (seen.has(url)) return seen;
  seen.add(url);
  const src = (await fetchAsset(baseUrl, url)).toString('utf8');
  for (const m of src.matchAll(STATIC_IMPORT)) {
    await closure(baseUrl, new URL(m[1], new URL(url, baseUrl)).pathname, seen);
  }
  return seen;
}

const size = (b: Buffer) => ({ raw: b.byteLength, gzip: gzipSync(b, { level: 9 }).byteLength });
const add = (a: { raw: number; gzip: number }, b: { raw: number; gzip: number }) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip });
const ZERO = { raw: 0, gzip: 0 };

export async function measureJs(baseUrl: string, paths: string[]): Promise<PageJs[]> {
  const perPage = new Map<string, { chunks: Set<string>; framework: Set<string>; inline: Buffer }>();
  for (const path of paths) {
    const html = await (await fetch(baseUrl + path)).text();
    const chunks = new Set<string>();
    const framework = new Set<string>();
    for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+)"[^>]*>/g)) for (const c of await closure(baseUrl, m[1])) chunks.add(c);
    for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
      for (const c of await closure(baseUrl, m[1])) chunks.add(c);
    for (const m of html.matchAll(/<astro-island[^>]*>/g)) {
      const component = /component-url="([^"]+)"/.exec(m[0])?.[1];
      const renderer = /renderer-url="([^"]+)"/.exec(m[0])?.[1];
      if (renderer)
        for (const c of await closure(baseUrl, renderer)) {
          chunks.add(c);
          framework.add(c);
        }
      if (component) for (const c of await closure(baseUrl, component)) chunks.add(c);
    }
    const inline = Buffer.from(
      [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter((m) => !/type="application\/(ld\+)?json"/.test(m[1]))
        .map((m) => m[2])
        .join('\n'),
    );
    perPage.set(path, { chunks, framework, inline });
  }
  // Framework chunks: the renderer closure on any page (react-dom etc.); shared: on >= 2 pages.
  const frameworkAll = new Set<string>();
  const uses = new Map<string, number>();
  for (const p of perPage.values()) {
    for (const c of p.framework) frameworkAll.add(c);
    for (const c of p.chunks) uses.set(c, (uses.get(c) ?? 0) + 1);
  }
  const out: PageJs[] = [];
  for (const [path, p] of perPage) {
    let framework = size(p.inline); // Astro's inline island runtime
    let shared = ZERO;
    let page = ZERO;
    for (const c of p.chunks) {
      const s = size(await fetchAsset(baseUrl, c));
      if (frameworkAll.has(c)) framework = add(framework, s);
      else if ((uses.get(c) ?? 0) >= 2) shared = add(shared, s);
      else page = add(page, s);
    }
    if (p.inline.byteLength === 0) framework = add(framework, ZERO);
    out.push({
      path,
      chunks: [...p.chunks],
      inlineBytes: p.inline.byteLength,
      framework,
      shared,
      page,
      total: add(add(framework, shared), page),
    });
  }
  return out;
}
