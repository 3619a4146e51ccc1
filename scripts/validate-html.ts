/**
 * `npm run validate:html`: the W3C Nu HTML checker (the npm package vnu-jar, which needs Java) on
 * the server HTML of every page kind of the built site, signed out and, for the admin, signed in.
 * Reports each HTML error and exits 1 if there is any; CSS messages (the checker does not know
 * Tailwind 4's @property and newer properties) are counted and set aside. `npm test` runs
 * html-validate and axe instead, which need no Java.
 *
 * Java: `java` on PATH. On Debian or Ubuntu: `apt-get install -y default-jre-headless`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer } from '../tests/support/server.ts';
import { TEST_ADMIN } from '../tests/support/constants.ts';
import { PAGE_KINDS } from '../tests/e2e/page-kinds.ts';

const ROOT = resolve(import.meta.dirname, '..');
const VNU = resolve(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar');

const java = spawnSync('java', ['-version'], { stdio: 'ignore' });
if (java.error || java.status !== 0) {
  console.error(
    'The Nu HTML checker (vnu-jar) needs Java, and no `java` was found on PATH.\n' +
      'On Debian or Ubuntu: apt-get install -y default-jre-headless   (then run npm run validate:html again)',
  );
  process.exit(2);
}
if (!existsSync(VNU)) {
  console.error(`${VNU} is missing: run npm install (the vnu-jar package ships it).`);
  process.exit(2);
}
if (!existsSync(resolve(ROOT, 'dist/server/entry.mjs'))) {
  console.log('No build yet: building first (npm run build).');
  const build = spawnSync(resolve(ROOT, 'node_modules/.bin/astro'), ['build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

const server = await startServer();
const dir = mkdtempSync(join(tmpdir(), 'rwa-vnu-'));
let errors = 0;
try {
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.baseUrl },
    body: JSON.stringify(TEST_ADMIN),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('rwa_session='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`could not sign in to check the admin pages (${login.status})`);

  const files = new Map<string, string>();
  for (const kind of PAGE_KINDS) {
    const res = await fetch(server.baseUrl + kind.path, { headers: kind.signedIn ? { Cookie: cookie } : {} });
    if (res.status !== kind.status) throw new Error(`${kind.path} answered ${res.status}, expected ${kind.status}`);
    const file = join(dir, `${kind.name}.html`);
    writeFileSync(file, await res.text());
    files.set(file, kind.path);
  }
  const run = spawnSync('java', ['-jar', VNU, '--format', 'json', '--exit-zero-always', ...files.keys()], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (run.error || run.status !== 0) throw run.error ?? new Error(`vnu exited with ${run.status}: ${run.stderr}`);
  const { messages } = JSON.parse(run.stderr || run.stdout) as { messages: VnuMessage[] };
  let css = 0;
  let warnings = 0;
  for (const m of messages) {
    if (m.type === 'error' && m.message.startsWith('CSS:')) css++;
    else if (m.type === 'error' || m.subType === 'fatal') {
      errors++;
      const page = files.get(decodeURIComponent(new URL(m.url ?? 'file:///').pathname)) ?? m.url;
      console.log(`${page}:${m.lastLine ?? '?'}: ${m.message}${m.extract ? `\n    ${m.extract.trim().slice(0, 160)}` : ''}`);
    } else if (m.subType === 'warning') warnings++;
  }
  console.log(
    `\nNu HTML checker: ${files.size} pages, ${errors} HTML error(s), ${warnings} warning(s); ` +
      `${css} CSS message(s) set aside (Tailwind's CSS: @property and newer properties the checker does not know).`,
  );
} catch (error) {
  console.error((error as Error).message);
  errors = errors || 1;
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(errors > 0 ? 1 : 0);
