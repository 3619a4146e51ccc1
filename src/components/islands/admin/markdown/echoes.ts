/**
 * The texts the editor has sent up through `onChange` and not yet seen come back as `value`.
 *
 * React renders the new `value` some time after `onChange`; keys typed in between have already
 * moved the text on. A `value` that is one of these echoes is the editor's own past text, not a
 * change from outside: writing it back would drop the keys typed since. Only a value the editor
 * never sent (a restored or discarded draft) replaces the text.
 */
export class EchoLog {
  #sent: string[] = [];

  /** Bounded: React renders long before this many keys are typed. */
  constructor(private readonly limit = 64) {}

  sent(text: string) {
    this.#sent.push(text);
    if (this.#sent.length > this.limit) this.#sent.shift();
  }

  /** True when `value` is an echo; it and every older echo are then forgotten. */
  isEcho(value: string): boolean {
    const at = this.#sent.lastIndexOf(value);
    if (at < 0) return false;
    this.#sent.splice(0, at + 1);
    return true;
  }
}
