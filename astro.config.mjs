// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import netlify from '@astrojs/netlify';
import tailwindcss from '@tailwindcss/vite';

// DEPLOY_TARGET=netlify builds for Netlify Functions; anything else builds the standalone Node server.
const onNetlify = process.env.DEPLOY_TARGET === 'netlify';

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'static',
  adapter: onNetlify ? netlify() : node({ mode: 'standalone' }),
  integrations: [react()],
  // Cross-site writes are refused in src/middleware.ts for every content type, with the API's JSON error shape;
  // Astro's own check covers only form bodies and answers in plain text.
  security: { checkOrigin: false },
  // Our sessions live in libSQL (src/lib/server/auth); Astro's file-system session driver is not used.
  session: false,
  server: {
    host: process.env.HOST || 'localhost',
    port: Number(process.env.PORT) || 4321,
  },
  vite: {
    plugins: [tailwindcss()],
  },
});
