import { readFileSync } from 'node:fs';

/** The 1-minute load average (the machine is shared: it says how noisy a run was). */
export function loadavg(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!;
  } catch {
    return '?';
  }
}

export type Timing = { p50: number; p99: number };

/**
 * Times each case with `time` (one request through app.inject, in ms): 20 warm-up requests, then
 * `requests` timed ones, in `rounds` rounds with the cases interleaved, printing each round's p50 and
 * p99. Answers each case's median round (by p99), which the bench compares between sizes.
 */
export async function injectRounds(
  cases: readonly { name: string; url: string }[],
  time: (url: string) => Promise<number>,
  { rounds, requests }: { rounds: number; requests: number },
): Promise<(name: string) => Timing> {
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
  const width = Math.max(...cases.map((c) => c.name.length));
  const timings: Record<string, Timing[]> = {};
  console.log(`load ${loadavg()} at the start; ${rounds} rounds of ${requests} requests per case`);
  for (let round = 1; round <= rounds; round++) {
    for (const c of cases) {
      for (let i = 0; i < 20; i++) await time(c.url);
      const samples: number[] = [];
      for (let i = 0; i < requests; i++) samples.push(await time(c.url));
      samples.sort((a, b) => a - b);
      const r = { p50: pct(samples, 0.5), p99: pct(samples, 0.99) };
      timings[c.name] = [...(timings[c.name] ?? []), r];
      console.log(`round ${round} ${c.name.padEnd(width)}  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`);
    }
  }
  console.log(`\nload ${loadavg()} at the end. Median rounds (by p99):`);
  return (name) => {
    const byP99 = [...timings[name]!].sort((a, b) => a.p99 - b.p99);
    return byP99[Math.floor(byP99.length / 2)]!;
  };
}
