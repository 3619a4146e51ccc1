/**
 * Login timing: an unknown username takes as long to refuse as a wrong password, so the answer's time
 * does not tell which usernames exist. A measured time, so this suite runs alone, after the others
 * (the other auth attacks are tests/reliability/auth-attacks-suite.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';
import { loginAttempt, recordFigures } from '../reliability/support.ts';
import { createUsers } from '../support/users.ts';

const figures: Record<string, number | string> = {};
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
  recordFigures('timing', figures);
});

const attempt = (base: string, username: string, password: string, localAddress: string) =>
  loginAttempt(base, { username, password }, localAddress);

describe('login timing', () => {
  it('takes as long for an unknown username as for a wrong password', async () => {
    const base = server.baseUrl;
    const N = 15;
    // Real accounts to guess wrong passwords against (one each, under the per-username limit),
    // and one source address per attempt (under the per-address limit).
    await createUsers(
      server.databaseUrl,
      Array.from({ length: N }, (_, i) => ({ username: `timing-user-${i}`, password: 'timing-password-1' })),
    );
    // Warm up both paths (the dummy hash is made lazily on first use).
    await attempt(base, 'warm-up-unknown', 'x', '127.0.1.1');
    await attempt(base, 'timing-user-warm', 'x', '127.0.1.2');
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < N; i++) {
      for (const [list, user] of [
        [unknown, `nobody-${i}`],
        [wrong, `timing-user-${i}`],
      ] as const) {
        const t0 = performance.now();
        const res = await attempt(base, user, 'wrong-password', `127.0.2.${i * 2 + (list === unknown ? 1 : 2)}`);
        list.push(performance.now() - t0);
        expect(res.status).toBe(401);
        expect(JSON.parse(res.body).message).toBe('Invalid username or password');
      }
    }
    const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
    const ratio = median(unknown) / median(wrong);
    figures.timingUnknownMs = Math.round(median(unknown));
    figures.timingWrongPwMs = Math.round(median(wrong));
    figures.timingRatio = Number(ratio.toFixed(2));
    console.log('login timing', { unknownMs: median(unknown), wrongPasswordMs: median(wrong), ratio });
    expect(ratio).toBeGreaterThan(0.67);
    expect(ratio).toBeLessThan(1.5);
  });
});
