import { describe, expect, it } from 'vitest';
import { parsePortArg } from '../../scripts/lib/port-arg.ts';

describe('parsePortArg (npm run netlify:local -- --port N)', () => {
  it('takes --port N or --port=N over the environment, and the default when neither is given', () => {
    expect(parsePortArg(['--port', '8890'], '9000', 8888)).toBe(8890);
    expect(parsePortArg(['--port=8891'], undefined, 8888)).toBe(8891);
    expect(parsePortArg([], '9000', 8888)).toBe(9000);
    expect(parsePortArg([], '', 8888)).toBe(8888);
    expect(parsePortArg([], undefined, 8888)).toBe(8888);
  });

  it('answers a bad port with one line, never a number', () => {
    for (const [argv, env] of [
      [['--port'], undefined],
      [['--port', 'x'], undefined],
      [['--port=0'], undefined],
      [[], '70000'],
      [[], '80.5'],
      [['--port', '-1'], undefined],
    ] as const) {
      const result = parsePortArg([...argv], env, 8888);
      expect(typeof result, JSON.stringify([argv, env])).toBe('string');
      expect(result).toMatch(/whole number from 1 to 65535/);
    }
  });
});
