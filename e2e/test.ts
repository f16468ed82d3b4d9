import { test as base } from '@playwright/test';

// Everything else of Playwright's test API as it is; the specs take `test` from here.
export * from '@playwright/test';

/** What a page said before its test failed: the lines a run's output needs to tell a fault from a slow step. */
const MAX_LINES = 60;

/**
 * Playwright's test, whose page keeps a log of what a reader of a failed test needs and cannot see in a
 * snapshot: the page's console errors and warnings (Chromium writes there every request that failed or was
 * answered with an error) and its uncaught errors. A failed test attaches it; a passing test drops it. Requests
 * are not listened to: Playwright would then send every one of them to the test's process.
 */
export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    const lines: string[] = [];
    const started = Date.now();
    const note = (line: string) => {
      if (lines.length < MAX_LINES) lines.push(`+${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
    };
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        note(`console.${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => note(`uncaught: ${error.stack ?? error.message}`));
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && lines.length > 0) {
      // The list reporter prints a text attachment with the failure, so CI's output has it.
      await testInfo.attach('page log', { body: lines.join('\n'), contentType: 'text/plain' });
    }
  },
});
