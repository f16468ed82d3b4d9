import { test as base } from '@playwright/test';

// Everything else of Playwright's test API as it is; the specs take `test` from here.
export * from '@playwright/test';

/** React's own errors, minified (the build) or not: each is a fault in a component, never a slow machine. */
const REACT_ERROR = /Minified React error #\d+|react\.dev\/errors\/\d+/;

/** What a page said before its test failed: the lines a run's output needs to tell a fault from a slow step. */
const MAX_LINES = 60;

/**
 * Playwright's test, whose page keeps a log of what a reader of a failed test needs and cannot see in a
 * snapshot: the page's console errors and warnings (Chromium writes there every request that failed or was
 * answered with an error) and its uncaught errors. A failed test attaches it; a passing test drops it. Requests
 * are not listened to: Playwright would then send every one of them to the test's process. A page that reported a
 * React error fails its test.
 */
export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    const lines: string[] = [];
    const started = Date.now();
    const note = (line: string) => {
      if (lines.length < MAX_LINES) lines.push(`+${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
    };
    const reactErrors: string[] = [];
    const watchForReact = (text: string) => {
      if (REACT_ERROR.test(text)) reactErrors.push(text.split('\n')[0] ?? text);
    };
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        note(`console.${message.type()}: ${message.text()}`);
      if (message.type() === 'error') watchForReact(message.text());
    });
    page.on('pageerror', (error) => {
      note(`uncaught: ${error.stack ?? error.message}`);
      watchForReact(error.message);
    });
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && lines.length > 0) {
      // The list reporter prints a text attachment with the failure, so CI's output has it.
      await testInfo.attach('page log', { body: lines.join('\n'), contentType: 'text/plain' });
    }
    // A render React had to recover from is a fault of the page even when the test's own checks passed: the
    // recovery re-renders the whole page, and the one after it may not come back (React error 467).
    if (testInfo.status === 'passed' && reactErrors.length > 0) {
      await testInfo.attach('page log', { body: lines.join('\n'), contentType: 'text/plain' });
      throw new Error(`The page reported React errors: ${reactErrors.join('; ')}`);
    }
  },
});
