// @ts-check
import { defineConfig, passthroughImageService } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import netlify from '@astrojs/netlify';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { PRERENDER_ORIGIN, parseConfig } from './src/lib/server/config';
import { precompressAssets } from './front-door/assets';
import { THEME_BOOT_SCRIPT } from './src/lib/shared/theme';

// The environment, checked and read through the one configuration module (a bad value fails the build
// with one line naming it). DEPLOY_TARGET=netlify builds for Netlify Functions, else the Node server.
const env = parseConfig(process.env);
const onNetlify = env.deployTarget === 'netlify';
// Pre-rendered pages carry absolute URLs (og:url, canonical). On Netlify they are served as built, so the
// build needs the real SITE_URL; the Node server (scripts/serve.ts) writes its configured origin over a
// placeholder at start, so one build serves any origin (and tests on random ports).
if (onNetlify && !env.siteUrlSet) throw new Error('SITE_URL must be set for a Netlify build (the origin pre-rendered pages link to).');

export default defineConfig({
  site: onNetlify ? env.origin : PRERENDER_ORIGIN,
  output: 'static',
  // staticHeaders: pre-rendered pages get their CSP as an HTTP header (as server-rendered ones do)
  // instead of a <meta>, which cannot carry frame-ancestors.
  adapter: onNetlify ? netlify({ staticHeaders: true }) : node({ mode: 'standalone', staticHeaders: true }),
  // The Node server serves the hashed build assets Brotli- and gzip-compressed: made once here, at the
  // highest quality (front-door/assets.ts). Netlify's CDN compresses for itself.
  integrations: [
    react(),
    {
      name: 'precompress-assets',
      hooks: {
        'astro:build:done': ({ dir, logger }) => {
          if (onNetlify) return;
          const count = precompressAssets(fileURLToPath(new URL('_astro/', dir)));
          logger.info(`${count} assets precompressed (br, gz)`);
        },
      },
    },
  ],
  // Cross-site writes are refused in src/middleware.ts for every content type, with the API's JSON error shape;
  // Astro's own check covers only form bodies and answers in plain text.
  // CSP: Astro hashes its own inline scripts and styles into script-src/style-src (header on every
  // page, see staticHeaders). Style *attributes* (React/Radix inline styles in server HTML) stay allowed;
  // scripts never run inline without a hash.
  security: {
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      // Our one inline script of our own (Head.astro): the theme applied before the first paint,
      // allowed by the hash of its text, computed here from the text itself.
      scriptDirective: {
        hashes: [`sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}`],
      },
      styleDirective: {
        // No <style> element is allowed: the hash of lightweight-charts' one went with it (ADR 013).
        resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }],
      },
    },
  },
  // astro:assets is not used: the passthrough service keeps sharp out of the server, and the middleware
  // answers /_image with 404 (image work there filled the threads the database driver uses).
  image: { service: passthroughImageService() },
  // Our sessions live in libSQL (src/lib/server/auth); Astro's file-system session driver is not used.
  session: false,
  server: {
    host: env.host,
    port: env.port,
  },
  // The stylesheet (40 KB, 6.7 KB Brotli) is one file shared by every page, immutable and precompressed:
  // measured (Lighthouse mobile, one run each, same machine), a reading page went from 14.4 KB to 6.9 KB
  // of Brotli HTML and its LCP from 1.8-2.0 s (inlined) to 1.3-1.4 s, every score 100; a second page
  // then costs no stylesheet bytes at all.
  build: { inlineStylesheets: 'never' },
  vite: {
    plugins: [tailwindcss()],
    // Bundled into the server build, not imported from node_modules: Node would load lucide-react's
    // one CommonJS file of every icon and radix-ui's index of every primitive (about 0.5 s of CPU in
    // each server process, at its first page) for the dozen icons and four primitives the pages use.
    // Bundled, only those are kept (both packages declare no side effects).
    ssr: { noExternal: ['lucide-react', 'radix-ui', /^@radix-ui\//] },
  },
});
