/**
 * Sums up a .cpuprofile (BENCH_CPU_PROFILE): self time by package and by function, as µs a request
 * when given the number of requests the profile served (req/s × seconds), else as shares of the whole.
 *
 *   npx tsx bench/profile-summary.ts file.cpuprofile [requests] [top]
 */
import { readFileSync } from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
const [file, requestsArg, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary.ts file.cpuprofile [requests] [top]');
  process.exit(2);
}
const requests = Number(requestsArg ?? 0);
const top = Number(topArg ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));

/** A package name, an app file, a Node module, or the native function's own name. */
const where = ({ url, functionName }: Node['callFrame']) =>
  url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ??
  (url.includes('/src/') ? url.slice(url.lastIndexOf('/src/') + 5) : url || `(native) ${functionName}`);

const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);
let total = 0;
for (const [i, id] of profile.samples.entries()) {
  const us = profile.timeDeltas[i] ?? 0;
  const frame = frames.get(id)!;
  total += us;
  add(byPackage, where(frame), us);
  add(byFunction, `${frame.functionName || '(anonymous)'} ${where(frame)}:${frame.lineNumber + 1}`, us);
}

const figure = (us: number) => (requests ? `${(us / requests).toFixed(1)} µs` : `${((100 * us) / total).toFixed(1)}%`);
const idle = byPackage.get('(native) (idle)') ?? 0;
console.log(`${(total / 1e6).toFixed(2)} s sampled, busy ${figure(total - idle)}${requests ? ' a request' : ''}`);
for (const [title, m] of [
  ['self time by package', byPackage],
  ['self time by function', byFunction],
] as const) {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${figure(us).padStart(10)}  ${k}`);
}
