import { Worker } from 'node:worker_threads';
import { ImageRejected } from './image-rejected.js';
import type { SvgJob, SvgOutcome } from './svg-worker.js';

/**
 * How long one SVG may take to clean, counted from when the thread starts on it. Inputs within
 * SVG_LIMITS take up to a second or two (jsdom is slow); past this the thread is stopped (a fresh one
 * serves the next upload) and the file refused.
 */
export const SVG_CLEAN_TIMEOUT_MS = 10_000;
/**
 * How long a job may wait for the thread to start on it: a new thread first loads jsdom (about as
 * long as a cleaning, far longer on a loaded machine), and jobs are cleaned one at a time.
 */
const SVG_WAIT_TIMEOUT_MS = 60_000;

type Pending = {
  resolve: (svg: string) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
  on: Worker;
};

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

/** The worker runs TypeScript through tsx, as the server does (docs/decisions/001), in tests too. */
const BOOT = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
  new URL('./svg-worker.ts', import.meta.url).href,
)}); })`;

/** Fails every job still waiting on a thread that is gone. */
function settleAll(on: Worker, err: Error) {
  for (const [id, job] of pending) {
    if (job.on !== on) continue;
    clearTimeout(job.timer);
    job.reject(err);
    pending.delete(id);
  }
}

function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(BOOT, { eval: true });
  // An idle cleaner never keeps the process alive.
  started.unref();
  started.on('message', (outcome: SvgOutcome) => {
    const job = pending.get(outcome.id);
    if (!job) return;
    if ('started' in outcome) {
      clearTimeout(job.timer);
      job.timer = giveUpAfter(SVG_CLEAN_TIMEOUT_MS, outcome.id, started);
      return;
    }
    pending.delete(outcome.id);
    clearTimeout(job.timer);
    if ('svg' in outcome) job.resolve(outcome.svg);
    else if ('rejected' in outcome) job.reject(new ImageRejected(outcome.rejected));
    else job.reject(new Error(`SVG cleaning failed: ${outcome.failed}`));
  });
  started.on('error', (err: Error) => settleAll(started, err));
  started.on('exit', () => {
    if (worker === started) worker = null;
    settleAll(started, new Error('The SVG cleaner stopped'));
  });
  worker = started;
  return started;
}

/**
 * sanitizeSvg (svg-sanitizer.ts) on a thread of its own: parsing with jsdom (and loading jsdom at
 * all) takes long enough to hold up every other request if it ran on the event loop.
 */
export function sanitizeSvgOffThread(text: string): Promise<string> {
  const target = thread();
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    pending.set(id, { resolve, reject, timer: giveUpAfter(SVG_WAIT_TIMEOUT_MS, id, target), on: target });
    target.postMessage({ id, text } satisfies SvgJob);
  });
}

/** Refuses job `id` after `ms`, and replaces its thread: whatever it is stuck in, other jobs on it fail rather than hang. */
function giveUpAfter(ms: number, id: number, target: Worker) {
  return setTimeout(() => {
    const job = pending.get(id);
    if (!job) return;
    pending.delete(id);
    job.reject(new ImageRejected('The SVG is too complex to check'));
    if (worker === target) worker = null;
    void target.terminate();
  }, ms);
}
