/**
 * The Markdown editor's guard against its own late echoes (a key lost under load: "thereum").
 */
import { describe, expect, it } from 'vitest';
import { EchoLog } from '../../src/components/islands/admin/markdown/echoes.ts';

describe('EchoLog', () => {
  it('takes a value the editor sent earlier as an echo, even when keys were typed since', () => {
    const log = new EchoLog();
    log.sent('E');
    log.sent('Et');
    log.sent('Eth');
    // React renders with "E" while the text is already "Eth": not to be written back.
    expect(log.isEcho('E')).toBe(true);
    expect(log.isEcho('Eth')).toBe(true);
  });

  it('takes a value the editor never sent as a change from outside', () => {
    const log = new EchoLog();
    log.sent('draft');
    expect(log.isEcho('')).toBe(false);
    expect(log.isEcho('restored text')).toBe(false);
  });

  it('forgets an echo and everything older once it came back', () => {
    const log = new EchoLog();
    log.sent('a');
    log.sent('ab');
    expect(log.isEcho('ab')).toBe(true);
    // "a" coming back now is a real change (a discarded draft back to its first text), not an echo.
    expect(log.isEcho('a')).toBe(false);
  });

  it('keeps only the last `limit` texts', () => {
    const log = new EchoLog(2);
    log.sent('1');
    log.sent('2');
    log.sent('3');
    expect(log.isEcho('1')).toBe(false);
    expect(log.isEcho('3')).toBe(true);
  });
});
