import { parentPort } from 'node:worker_threads';
import { ImageRejected } from './image-rejected.js';
import { sanitizeSvg } from './svg-sanitizer.js';

export type SvgJob = { id: number; text: string };
export type SvgOutcome = { id: number } & (
  | { started: true }
  | { svg: string }
  | { rejected: string }
  | { failed: string }
);

/** The SVG cleaner's thread (svg-thread.ts): one job at a time, each answered by its id. */
parentPort?.on('message', ({ id, text }: SvgJob) => {
  // The job's clock starts now, not while the thread was still loading or busy with an earlier job.
  parentPort?.postMessage({ id, started: true } satisfies SvgOutcome);
  let outcome: SvgOutcome;
  try {
    outcome = { id, svg: sanitizeSvg(text) };
  } catch (err) {
    outcome = err instanceof ImageRejected ? { id, rejected: err.message } : { id, failed: String(err) };
  }
  parentPort?.postMessage(outcome);
});
