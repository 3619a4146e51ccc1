import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_NAMES, parseConfig, rpcUrl } from '#lib/server/config.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe('parseConfig', () => {
  const fails = (env: Record<string, string>, name: string) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    try {
      parseConfig(env);
    } catch (err) {
      expect((err as Error).message).toContain(name);
      expect((err as Error).message).not.toContain('\n');
    }
  };
  it('names the malformed variable in one line', () => {
    fails({ PORT: 'abc' }, 'PORT');
    fails({ PORT: '70000' }, 'PORT');
    fails({ SITE_URL: 'notaurl' }, 'SITE_URL');
    fails({ SITE_URL: 'ftp://example.com' }, 'SITE_URL');
    fails({ SITE_URL: 'https://example.com/blog' }, 'SITE_URL');
    fails({ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL');
    fails({ TRUSTED_PROXIES: '10.0.0.1, proxy.local' }, 'TRUSTED_PROXIES');
    fails({ CONTENT_GIT: 'yes' }, 'CONTENT_GIT');
    fails({ CONTENT_GIT_REMOTE: 'git@github.com:me/site.git' }, 'CONTENT_GIT_REMOTE');
    fails({ CONTENT_GIT_REMOTE: 'http://git.example.com/site.git' }, 'CONTENT_GIT_REMOTE');
    fails({ CONTENT_GIT_BRANCH: '--upload-pack=evil' }, 'CONTENT_GIT_BRANCH');
    fails({ CONTENT_GIT_BRANCH: 'a..b' }, 'CONTENT_GIT_BRANCH');
    fails({ CONTENT_GIT_PATH: 'site/../../etc' }, 'CONTENT_GIT_PATH');
    fails({ INGEST_SCHEDULE: 'every day at noon' }, 'INGEST_SCHEDULE');
    fails({ INGEST_SCHEDULE: '61 * * * *' }, 'INGEST_SCHEDULE');
    fails({ INGEST_MAX_CHANGE: '0' }, 'INGEST_MAX_CHANGE');
    fails({ INGEST_MAX_CHANGE: '-0.5' }, 'INGEST_MAX_CHANGE');
    fails({ DEFILLAMA_STABLECOINS_URL: 'stablecoins.llama.fi' }, 'DEFILLAMA_STABLECOINS_URL');
    for (const name of ['INGEST_LOG_SPAN', 'INGEST_MAX_LOG_SPAN', 'INGEST_BACKOFF_MS', 'INGEST_RPC_TIMEOUT_MS'])
      for (const v of ['0', '1.5', 'abc', '-3']) fails({ [name]: v }, name);
  });
  it('never echoes a secret or a URL that may carry credentials', () => {
    for (const [name, value] of [
      ['CONTENT_GIT_REMOTE', 'https://me:hunter2@git.example.com/site.git'],
      ['CONTENT_GIT_REMOTE', 'http://hunter2.example.com/site.git'],
    ]) {
      expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => parseConfig({ [name]: value })).not.toThrow(/hunter2/);
    }
    expect(() => rpcUrl({ RPC_URL_X: 'mainnet/v2/hunter2' }, 'RPC_URL_X')).toThrow(
      /^Invalid environment variable RPC_URL_X: expected an http\(s\) JSON-RPC URL\.$/,
    );
  });
  it('every declared variable is documented in .env.example and the README table', () => {
    const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(ENV_NAMES).toContain('INGEST_RPC_TIMEOUT_MS');
    for (const name of ENV_NAMES) {
      // URL is set by Netlify, never by the operator.
      if (name !== 'URL') expect(example, name).toMatch(new RegExp(`^${name}=`, 'm'));
      expect(readme, name).toMatch(new RegExp(`^\\| [^|]*\`${name}\``, 'm'));
    }
  });
  it('reads content and ingest settings with their defaults', () => {
    const d = parseConfig({});
    expect(d.content).toMatchObject({ git: 'auto', remote: undefined });
    expect(d.content.dir).toMatch(/\/content$/);
    expect(d.ingest).toEqual({
      maxChange: 0.5,
      defillamaUrl: 'https://stablecoins.llama.fi',
      defillamaTvlUrl: 'https://api.llama.fi',
      // 10,000 blocks: what Infura and QuickNode accept per eth_getLogs.
      logSpan: 10_000,
      maxLogSpan: 10_000,
      maxJump: 5,
      headTag: 'finalized',
      maxHeadAge: 3600,
      closeWait: 2700,
      backoffMs: 500,
      rpcTimeoutMs: 30_000,
      // 13 minutes of log reading per run: a 15-minute Netlify background function with room to publish.
      timeBudgetS: 780,
      // A fresh install starts its first run by itself.
      auto: true,
    });
    expect(parseConfig({ INGEST_AUTO: ' OFF ' }).ingest.auto).toBe(false);
    expect(() => parseConfig({ INGEST_AUTO: 'maybe' })).toThrow(/INGEST_AUTO: expected on or off/);
    const c = parseConfig({
      CONTENT_GIT: ' Library ',
      CONTENT_GIT_REMOTE: 'http://127.0.0.1:9418/content.git',
      CONTENT_GIT_TOKEN: ' t ',
      CONTENT_GIT_BRANCH: ' site/main ',
      CONTENT_GIT_PATH: '/docs/content/',
      INGEST_SCHEDULE: ' */2 * * * * * ',
      INGEST_MAX_CHANGE: '.25',
      DEFILLAMA_STABLECOINS_URL: 'http://127.0.0.1:8080/',
      INGEST_LOG_SPAN: '1',
    });
    expect(c.content).toMatchObject({
      git: 'library',
      remote: { url: 'http://127.0.0.1:9418/content.git', token: 't', branch: 'site/main', path: 'docs/content' },
    });
    expect(c.ingest).toMatchObject({ schedule: '*/2 * * * * *', maxChange: 0.25, defillamaUrl: 'http://127.0.0.1:8080', logSpan: 1 });
    expect(parseConfig({ CONTENT_GIT_REMOTE: 'https://h/x.git', CONTENT_GIT_PATH: '.' }).content.remote?.path).toBe('');
    expect(rpcUrl({ RPC_URL_X: ' ' }, 'RPC_URL_X')).toBeUndefined();
    expect(rpcUrl({ RPC_URL_X: 'https://eth.example/v2/key' }, 'RPC_URL_X')).toBe('https://eth.example/v2/key');
  });
  it('derives the origin from HOST and PORT when SITE_URL is unset, and https from SITE_URL', () => {
    expect(parseConfig({ HOST: '127.0.0.1', PORT: '4400' }).origin).toBe('http://127.0.0.1:4400');
    expect(parseConfig({ HOST: '0.0.0.0', PORT: '80', SITE_URL: '' }).origin).toBe('http://localhost:80');
    const https = parseConfig({ SITE_URL: 'https://rwa.example/' });
    expect(https).toMatchObject({ origin: 'https://rwa.example', https: true, port: 4321, host: 'localhost' });
    expect(parseConfig({}).database.url).toBe('file:./data/app.db');
  });
});
