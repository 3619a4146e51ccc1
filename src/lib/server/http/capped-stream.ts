/**
 * Reading a byte stream with a size cap: the one loop behind request bodies (413 past the limit)
 * and the ingest's answers from providers (a 200 MB answer once took 3.4 GB). The read stops, and
 * the stream is cancelled, as soon as the cap is passed; nothing past it is buffered.
 */
export async function readStreamCapped(body: ReadableStream<Uint8Array> | null, max: number, tooLarge: () => Error): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** A Content-Length already above the cap: the body is cancelled unread. */
export async function refuseDeclared(res: Response, max: number, tooLarge: (declared: number) => Error): Promise<void> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => {});
    throw tooLarge(declared);
  }
}
