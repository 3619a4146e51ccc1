/** Lighthouse (mobile preset, the package's default) on the resolved Chromium (scripts/lib/chromium.ts), one fresh browser per run. */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, resolveChromium } from '../lib/chromium.ts';

export interface LighthouseResult {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failed: string[];
}

export async function runLighthouse(baseUrl: string, path: string): Promise<LighthouseResult> {
  const browser = await resolveChromium();
  const chrome = await chromeLauncher.launch({
    chromePath: browser.path,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
    envVars: { ...process.env, ...browser.env },
  });
  try {
    const result = await lighthouse(baseUrl + path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error('lighthouse returned nothing');
    const { lhr } = result;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    // The audits that cost points, for the report (what to fix next).
    const failed: string[] = [];
    for (const [id, cat] of Object.entries(lhr.categories)) {
      for (const ref of cat.auditRefs) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1 && id !== 'performance') failed.push(`${id}:${ref.id}`);
      }
    }
    return {
      path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
      cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      failed,
    };
  } finally {
    chrome.kill();
  }
}
