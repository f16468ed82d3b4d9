import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Waits until every finite animation and transition on the page has ended: axe measures colour contrast
 * on the painted page, and a route fading in (opacity below 1) reads as low contrast everywhere.
 * Endless ones (a spinner, the live blink) are left running.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => {
      const iterations = animation.effect?.getComputedTiming().iterations;
      return iterations !== Infinity && animation.playState !== 'finished';
    });
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** The serious and critical axe violations on the page (or inside `include`), each with the elements it names. */
export async function seriousViolations(page: Page, include?: string) {
  await settleAnimations(page);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
