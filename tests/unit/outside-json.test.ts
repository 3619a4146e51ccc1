/**
 * JSON from outside within a budget (src/lib/server/ingest/outside-json.ts): nesting is counted before
 * JSON.parse runs (a million `[` is refused at once), brackets inside strings do not count, and a
 * broken answer's error never quotes it (a 16-byte answer carried an OSC 52 clipboard write to the
 * operator's terminal through JSON.parse's own message).
 */
import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH, parseOutsideJson } from '#lib/server/ingest/outside-json.ts';
import { cleanOutsideText } from '#lib/server/ingest/external-names.ts';

describe('outside JSON', () => {
  it('counts nesting outside strings, and stops counting past the bound', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[{{"}]}')).toBe(3);
    expect(jsonDepth('"\\"[[["')).toBe(0);
    expect(jsonDepth('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBe(MAX_JSON_DEPTH);
    expect(jsonDepth('['.repeat(MAX_JSON_DEPTH + 1))).toBe(-1);
  });

  it('refuses an answer nested past the budget before JSON.parse sees it, in milliseconds', () => {
    const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    const t = performance.now();
    expect(() => parseOutsideJson(deep, 'https://api.example/…/x')).toThrow(
      'https://api.example/…/x: the answer nests deeper than 64 levels: refused',
    );
    expect(performance.now() - t).toBeLessThan(200);
    expect(parseOutsideJson('{"a":[1,2]}', 'x')).toEqual({ a: [1, 2] });
  });

  it("never echoes a broken answer's bytes (terminal escapes) in its error", () => {
    const osc52 = '\u001b]52;c;aGk=\u0007';
    let message = '';
    try {
      parseOutsideJson(osc52, 'the API');
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe('the API: the answer is not JSON: refused');
    // JSON.parse's own text quotes them: the reason this module exists.
    expect(() => JSON.parse(osc52)).toThrow(osc52.slice(0, 5));
  });

  it('cleans an outside message of control, bidi and escape characters, bounded', () => {
    expect(cleanOutsideText('node said: \u001b]52;c;aGk=\u0007 \u202eevil\u2066x\u2069 \u0000done')).toBe(
      'node said: ]52;c;aGk= evilx done',
    );
    expect(Array.from(cleanOutsideText('x'.repeat(2000)))).toHaveLength(500);
  });
});
