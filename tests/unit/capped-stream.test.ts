import { describe, expect, it } from 'vitest';
import { readStreamCapped, refuseDeclared } from '#lib/server/http/capped-stream.ts';

/** A stream of `chunks` chunks of `size` bytes that records how many were pulled and whether it was cancelled. */
function counted(chunks: number, size: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (state.pulled === chunks) return c.close();
      state.pulled++;
      c.enqueue(new Uint8Array(size).fill(97));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}
const tooLarge = () => new Error('too large');

describe('readStreamCapped', () => {
  it.each([
    [0, 10, 0],
    [3, 10, 30],
    [10, 10, 100],
  ])('%i chunks of %i bytes under a 100-byte cap: all %i bytes', async (chunks, size, total) => {
    const { stream, state } = counted(chunks, size);
    const bytes = await readStreamCapped(stream, 100, tooLarge);
    expect(bytes.byteLength).toBe(total);
    expect(state.cancelled).toBe(false);
  });

  it('stops at the first chunk past the cap and cancels the stream', async () => {
    const { stream, state } = counted(1_000, 10);
    await expect(readStreamCapped(stream, 100, tooLarge)).rejects.toThrow('too large');
    expect(state.pulled).toBeLessThanOrEqual(12);
    expect(state.cancelled).toBe(true);
  });

  it('no body is no bytes', async () => {
    expect((await readStreamCapped(null, 1, tooLarge)).byteLength).toBe(0);
  });
});

describe('refuseDeclared', () => {
  it('refuses a Content-Length above the cap before reading, and lets the rest through', async () => {
    const { stream, state } = counted(1, 10);
    const res = new Response(stream, { headers: { 'content-length': '500' } });
    await expect(refuseDeclared(res, 100, (n) => new Error(`declared ${n}`))).rejects.toThrow('declared 500');
    expect(state.pulled).toBe(0);
    await expect(refuseDeclared(new Response('ok', { headers: { 'content-length': '2' } }), 100, tooLarge)).resolves.toBeUndefined();
    await expect(refuseDeclared(new Response('ok'), 100, tooLarge)).resolves.toBeUndefined();
  });
});
