/**
 * Reading a large JSON answer within the cap by leaving out the members not needed:
 * DefiLlama's /protocol/ondo-global-markets carries, beside the per-chain dollar histories the
 * ingest reads, per-day token breakdowns (`tokens`, `tokensInUsd`) of about 600 tokens on each
 * chain, likely over the 20 MB cap. The answer is streamed; every member whose key is dropped has
 * its value replaced by null as it passes, so only what is kept counts against the cap, and the
 * whole answer is never in memory. What is kept is still checked (shape, figures) by the caller.
 */

const QUOTE = 34;
const BACKSLASH = 92;

/** A streaming filter: feed it text in pieces, then take the kept JSON text. */
export class MemberDropper {
  private readonly out: string[] = [];
  private kept = 0;
  /** Open containers: true for an object. */
  private readonly stack: boolean[] = [];
  private inString = false;
  private escaped = false;
  private expectKey = false;
  private readingKey = false;
  private key = '';
  private lastKey = '';
  /** Skipping a dropped member's value: its nesting depth, whether inside a string, and whether it started. */
  private skipping = false;
  private depth = 0;
  private started = false;

  private readonly keys: ReadonlySet<string>;
  private readonly maxKept: number;
  private readonly tooLarge: () => Error;

  constructor(keys: ReadonlySet<string>, maxKept: number, tooLarge: () => Error) {
    this.keys = keys;
    this.maxKept = maxKept;
    this.tooLarge = tooLarge;
  }

  private emit(s: string) {
    if (!s) return;
    this.kept += s.length;
    if (this.kept > this.maxKept) throw this.tooLarge();
    this.out.push(s);
  }

  write(text: string): void {
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.skipping) {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (c === BACKSLASH) this.escaped = true;
          else if (c === QUOTE) {
            this.inString = false;
            if (this.depth === 0) {
              this.endSkip();
              from = i + 1;
            }
          }
          continue;
        }
        if (c === QUOTE) {
          this.inString = true;
          this.started = true;
          continue;
        }
        if (c === 123 || c === 91) {
          this.depth++;
          this.started = true;
          continue;
        }
        if (c === 125 || c === 93) {
          if (this.depth > 0) {
            if (--this.depth === 0) {
              this.endSkip();
              from = i + 1;
            }
            continue;
          }
          // A number, true, false or null ended by its container's close: handled below as normal text.
          this.endSkip();
          from = i;
        } else if (c === 44 && this.depth === 0) {
          this.endSkip();
          from = i;
        } else {
          if (c > 32) this.started = true;
          continue;
        }
      }
      // Normal text: kept.
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) {
          this.inString = false;
          if (this.readingKey) {
            this.readingKey = false;
            this.lastKey = this.key;
          }
        } else if (this.readingKey && this.key.length < 64) this.key += text[i];
        continue;
      }
      switch (c) {
        case QUOTE:
          this.inString = true;
          this.readingKey = this.expectKey && this.stack.at(-1) === true;
          if (this.readingKey) this.key = '';
          break;
        case 123: // {
          this.stack.push(true);
          this.expectKey = true;
          break;
        case 91: // [
          this.stack.push(false);
          this.expectKey = false;
          break;
        case 125: // }
        case 93: // ]
          this.stack.pop();
          this.expectKey = false;
          break;
        case 44: // ,
          this.expectKey = this.stack.at(-1) === true;
          break;
        case 58: // :
          this.expectKey = false;
          if (this.keys.has(this.lastKey)) {
            this.emit(text.slice(from, i + 1));
            this.skipping = true;
            this.depth = 0;
            this.started = false;
          }
          break;
      }
    }
    if (!this.skipping) this.emit(text.slice(from));
  }

  private endSkip() {
    this.skipping = false;
    this.emit('null');
  }

  /** The kept text. */
  end(): string {
    if (this.skipping && this.started && this.depth === 0) this.endSkip();
    return this.out.join('');
  }
}

/**
 * The body as JSON text without the dropped members: at most `maxKept` characters kept (else
 * `tooLarge`), at most `maxRead` bytes read in all (a stream that never ends is cut there).
 */
export async function readDropping(
  body: ReadableStream<Uint8Array> | null,
  keys: readonly string[],
  limits: { maxKept: number; maxRead: number },
  tooLarge: (what: string) => Error,
): Promise<string> {
  if (!body) return '';
  const filter = new MemberDropper(new Set(keys), limits.maxKept, () =>
    tooLarge(`over the ${limits.maxKept}-byte limit even without ${keys.join(', ')}`),
  );
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
      if (read > limits.maxRead) throw tooLarge(`over ${limits.maxRead} bytes in all`);
      filter.write(decoder.decode(value, { stream: true }));
    }
    filter.write(decoder.decode());
  } catch (e) {
    await reader.cancel().catch(() => {});
    throw e;
  }
  return filter.end();
}
