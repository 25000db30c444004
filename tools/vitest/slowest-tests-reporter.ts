import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the slowest tests of each project (suite) after a run, so that a test creeping towards its
 * timeout shows in every run's log long before it fails on a loaded machine (issue 46).
 */
export class SlowestTestsReporter implements Reporter {
  constructor(private readonly count = 10) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const byProject = new Map<string, { ms: number; name: string }[]>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const ms = test.diagnostic()?.duration;
        if (ms === undefined) continue;
        const project = module.project.name || 'default';
        const list = byProject.get(project) ?? [];
        list.push({ ms, name: `${module.relativeModuleId} > ${test.fullName}` });
        byProject.set(project, list);
      }
    }
    const lines: string[] = [];
    for (const [project, tests] of [...byProject].sort(([a], [b]) => a.localeCompare(b))) {
      if (tests.length === 0) continue;
      lines.push(`\nSlowest tests of ${project}:`);
      for (const { ms, name } of tests.sort((a, b) => b.ms - a.ms).slice(0, this.count)) {
        lines.push(`  ${`${Math.round(ms)} ms`.padStart(9)}  ${name}`);
      }
    }
    if (lines.length) console.log(lines.join('\n'));
  }
}
