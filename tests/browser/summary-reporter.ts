// Prints the closing line `N passed, M failed` (and `, K skipped` when some were) that tools/scripts/test.mjs adds up
// and CI reads; the list reporter beside it prints each test and its own summary.
import type { FullResult, Reporter, Suite } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private suite: Suite | undefined;

  onBegin(_config: unknown, suite: Suite): void {
    this.suite = suite;
  }

  onEnd(result: FullResult): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const test of this.suite?.allTests() ?? []) {
      const outcome = test.outcome();
      if (outcome === 'expected' || outcome === 'flaky') passed++;
      else if (outcome === 'skipped') skipped++;
      else failed++;
    }
    // a run that did not get to its tests (global setup failed, interrupted) is no pass
    if (result.status !== 'passed' && failed === 0) failed = 1;
    console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
