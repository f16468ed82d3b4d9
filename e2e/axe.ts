import AxeBuilder from '@axe-core/playwright';
import type { Page } from './test.ts';

/**
 * Brings every finite animation and transition on the page to its end state at once: axe measures colour
 * contrast on the painted page, and a route fading in (opacity below 1) reads as low contrast everywhere.
 * Finishing rather than awaiting them: on a loaded machine frames come slowly. Endless ones (a spinner,
 * the live blink) are left running.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().iterations === Infinity) continue;
      try {
        animation.finish();
      } catch {
        // An animation with no end (a zero playback rate) stays as it is.
      }
    }
  });
}

/** The serious and critical axe violations on the page (or inside `include`), each with the elements it names. */
export async function seriousViolations(page: Page, include?: string) {
  await settleAnimations(page);
  // Only violations are read: axe keeps every node of those and one of each other result group, instead of
  // building a selector for every passing node.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  // A page without frames is checked in place: the frame-by-frame run opens a blank page to merge the
  // frames' results, a second page and a second axe for the same result. A page with a frame (a channel's
  // embedded player) keeps that run, so the frame's content is checked too.
  if (page.frames().length === 1) builder.setLegacyMode(true);
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
