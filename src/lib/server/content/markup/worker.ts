/**
 * The Markdown pipeline's worker thread (see pool.ts). This module is loaded twice: by the
 * server, dynamically, only to learn its own URL (the built chunk it ends up in), and by each worker,
 * which then answers render requests. Kept small so that loading it in a worker runs nothing else.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { renderMarkup, type RenderedMarkup, type RenderOptions } from '#lib/shared/markup/index.ts';

export const MARKUP_WORKER_FLAG = 'rwaMarkupWorker';
export const MARKUP_WORKER_URL = import.meta.url;

export interface RenderRequest {
  id: number;
  source: string;
  options: RenderOptions;
}
export type WorkerMessage = { ready: true } | { id: number; rendered: RenderedMarkup } | { id: number; failed: string };

const port = parentPort;
if (!isMainThread && port && (workerData as Record<string, unknown> | null)?.[MARKUP_WORKER_FLAG]) {
  port.on('message', ({ id, source, options }: RenderRequest) => {
    try {
      port.postMessage({ id, rendered: renderMarkup(source, options) } satisfies WorkerMessage);
    } catch (error) {
      // A stack overflow on nesting the limiter does not know (deep raw HTML): the caller degrades.
      port.postMessage({ id, failed: error instanceof Error ? error.message : String(error) } satisfies WorkerMessage);
    }
  });
  port.postMessage({ ready: true } satisfies WorkerMessage);
}
