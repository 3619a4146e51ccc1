/**
 * Runs the Markdown pipeline off the request loop, bounded in time. A text the nesting limiter does
 * not catch (deep raw HTML, some quadratic inline pattern) could otherwise hold the one JavaScript
 * thread for seconds or minutes, and every other visitor with it. Here it runs in one worker thread,
 * one text at a time; past RENDER_TIME_LIMIT_MS the worker is ended (a fresh one takes the next text)
 * and the text gets its degraded rendering (plain paragraphs). Where no worker can be started (the
 * dev server and unit tests load TypeScript sources a worker cannot), it renders in-thread, behind
 * the same limiter, and degrades on any failure.
 */
import { Worker } from 'node:worker_threads';
import type { RenderedMarkup, RenderOptions } from '#lib/shared/markup/index.ts';
import { renderPlain } from '#lib/shared/markup/plain.ts';
import type { RenderRequest, WorkerMessage } from './worker.ts';

const RENDER_TIME_LIMIT_MS = 2000;
/** A worker not ready by then is given up (see startWorker); loading the pipeline takes well under a second. */
const WORKER_START_LIMIT_MS = 15_000;
/** A worker that used more than this is ended like one that ran out of time. */
const WORKER_HEAP_MB = 256;

export interface BoundedRender {
  rendered: RenderedMarkup;
  /** True when the text was shown as plain paragraphs (too slow, or failed to render). */
  degraded: boolean;
}

interface Job {
  id: number;
  source: string;
  options: RenderOptions;
  resolve: (result: BoundedRender) => void;
}

const queue: Job[] = [];
let nextId = 1;
let worker: Worker | null = null;
let ready = false;
let running: { job: Job; timer: NodeJS.Timeout } | null = null;
/** Set once a worker failed to load at all: every text renders in-thread from then on. */
let inThreadOnly = false;
let starting = false;

async function renderInThread(source: string, options: RenderOptions): Promise<BoundedRender> {
  // Imported, not bundled in: the pipeline then lives in the worker's chunk alone (see startWorker),
  // and a worker loads no page code with it.
  const { renderMarkup } = await import('#lib/shared/markup/index.ts');
  try {
    return { rendered: renderMarkup(source, options), degraded: false };
  } catch {
    return { rendered: renderPlain(source), degraded: true };
  }
}

const degrade = (job: Job) => job.resolve({ rendered: renderPlain(job.source), degraded: true });

/** Ends the current worker (it ran out of time or memory): the next text gets a fresh one. */
function discardWorker() {
  const w = worker;
  worker = null;
  ready = false;
  void w?.terminate();
}

function finishRunning(result?: BoundedRender) {
  if (!running) return;
  const { job, timer } = running;
  running = null;
  clearTimeout(timer);
  if (result) job.resolve(result);
  else degrade(job);
}

async function startWorker() {
  // Imported only here: in the build this module is its own chunk, whose URL is what a worker loads.
  const { MARKUP_WORKER_FLAG, MARKUP_WORKER_URL } = await import('./worker.ts');
  const w = new Worker(new URL(MARKUP_WORKER_URL), {
    workerData: { [MARKUP_WORKER_FLAG]: true },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  w.unref();
  worker = w;
  // A worker that never says it is ready (a module that loads but is not this one, a hung start) must
  // not hold the queue: past this, this thread renders.
  const startTimer = setTimeout(() => giveUp(w, 'did not start'), WORKER_START_LIMIT_MS).unref();
  w.on('message', (message: WorkerMessage) => {
    if (w !== worker) return;
    if ('ready' in message) {
      clearTimeout(startTimer);
      ready = true;
      pump();
    } else if (running && message.id === running.job.id) {
      finishRunning('rendered' in message ? { rendered: message.rendered, degraded: false } : undefined);
      pump();
    }
  });
  w.on('error', (error: Error) => {
    if (w !== worker) return;
    if (!ready) return giveUp(w, error.message);
    discardWorker();
    finishRunning();
    pump();
  });
  w.on('exit', () => {
    if (w !== worker) return;
    if (!ready) return giveUp(w, 'exited before it was ready');
    discardWorker();
    finishRunning();
    pump();
  });
}

/** The worker could not even start: render in this thread from now on (no restart loop). */
function giveUp(w: Worker, why: string) {
  if (w !== worker) return;
  console.error('markup: no worker thread, rendering in-thread:', why);
  inThreadOnly = true;
  discardWorker();
  pump();
}

function pump() {
  if (running || !queue.length) return;
  if (inThreadOnly) {
    for (const job of queue.splice(0)) void renderInThread(job.source, job.options).then(job.resolve);
    return;
  }
  if (!worker) {
    if (starting) return;
    starting = true;
    startWorker()
      .catch((error: unknown) => {
        console.error('markup: no worker thread, rendering in-thread:', error instanceof Error ? error.message : error);
        inThreadOnly = true;
      })
      .finally(() => {
        starting = false;
        pump();
      });
    return;
  }
  if (!ready) return; // the 'ready' message pumps again
  const job = queue.shift()!;
  const timer = setTimeout(() => {
    // Too slow: the worker is ended mid-text, the text degrades, the queue goes on.
    discardWorker();
    finishRunning();
    pump();
  }, RENDER_TIME_LIMIT_MS);
  running = { job, timer };
  worker.postMessage({ id: job.id, source: job.source, options: job.options } satisfies RenderRequest);
}

/** The text rendered within RENDER_TIME_LIMIT_MS of its turn, or its degraded rendering. Never rejects. */
export function renderBounded(source: string, options: RenderOptions = {}): Promise<BoundedRender> {
  return new Promise((resolve) => {
    queue.push({ id: nextId++, source, options: { after: options.after, reservedIds: options.reservedIds }, resolve });
    pump();
  });
}
