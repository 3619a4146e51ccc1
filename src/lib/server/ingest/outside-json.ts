/**
 * JSON from outside (a DefiLlama answer, a node's JSON-RPC answer) parsed within a budget: the body
 * is already size-capped while it streams in (body.ts, sources/http.ts); here its nesting is counted
 * in one pass before JSON.parse sees it, so an answer of a million `[` (about 1.3 GB and 2 s of
 * blocked CPU inside JSON.parse, on the web server's event loop when the schedule runs there) is
 * refused in milliseconds. JSON.parse's own error quotes the bytes it choked on, which a hostile
 * answer fills with terminal escapes (OSC 52 writes the operator's clipboard): its text is never kept.
 */

/** Deeper than any answer a source gives (DefiLlama's are 6 levels, a JSON-RPC batch 5). */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of `text` as JSON (brackets inside strings do not count), or -1 once past `max`. */
export function jsonDepth(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return -1;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

class OutsideJsonError extends Error {}

/** Why `text` may not be parsed (too deep), or null. The one check every reader of outside JSON runs. */
export function jsonBudgetProblem(text: string, max = MAX_JSON_DEPTH): string | null {
  return jsonDepth(text, max) < 0 ? `the answer nests deeper than ${max} levels: refused` : null;
}

/** `text` parsed, or an OutsideJsonError naming `label` and what was wrong, never quoting the text. */
export function parseOutsideJson(text: string, label: string, max = MAX_JSON_DEPTH): unknown {
  const problem = jsonBudgetProblem(text, max);
  if (problem) throw new OutsideJsonError(`${label}: ${problem}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new OutsideJsonError(`${label}: the answer is not JSON: refused`);
  }
}
