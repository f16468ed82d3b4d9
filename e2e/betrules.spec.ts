import { expect } from './test.ts';
import { playerTest as test } from './support.ts';
import { seriousViolations } from './axe.ts';

const TAGALOG_WIN = 'Ang Win ay taya sa kabayong mananalo sa unang puwesto.';
const ENGLISH_WIN = 'Win is a bet on the runner that finishes first.';

test('a player reads the bet rules in Tagalog or English and the pool table on a phone', async ({ page }) => {
  await page.goto('/betrules');
  await expect(page.getByRole('heading', { level: 1, name: 'Bet Rules' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

  // Tagalog by default, marked as Filipino for screen readers.
  const language = page.getByRole('tablist', { name: 'Language of the rules' });
  await expect(language.getByRole('tab', { name: 'Tagalog' })).toHaveAttribute('aria-selected', 'true');
  await expect(language.getByRole('tab', { name: 'English' })).toHaveAttribute('aria-selected', 'false');
  const rules = page.getByTestId('betrules-text');
  await expect(rules).toHaveAttribute('lang', 'fil');
  await expect(rules.getByText(TAGALOG_WIN)).toBeVisible();
  await expect(rules.getByRole('heading', { level: 2, name: 'Mga pangkalahatang patakaran' })).toBeVisible();
  await expect(rules.getByRole('heading', { level: 3 })).toHaveCount(12);

  // The pool table: one row per bet type, money in pesos, headers for every column.
  const table = page.getByRole('table', { name: 'Minimum bet, winning limit and combination of every pool type' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Pool Type',
    'Code',
    'Minimum Bet',
    'Winning Limit',
    'Combination',
  ]);
  await expect(table.locator('tbody tr')).toHaveCount(12);
  const wta = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'WTA', exact: true }) });
  await expect(wta.getByRole('cell')).toHaveText(['WTA', '₱2.00', '₱47,000.00', '7 consecutive races']);
  const xd = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'XD', exact: true }) });
  await expect(xd.getByRole('cell').last()).toHaveText('races 1 and 3');
  await expect(table.locator('caption')).toBeVisible();

  // Nothing makes the page itself wider than the 390 px screen: the table scrolls in its own box.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  expect(await seriousViolations(page)).toEqual([]);

  // Switch to English.
  await language.getByRole('tab', { name: 'English' }).click();
  await expect(language.getByRole('tab', { name: 'English' })).toHaveAttribute('aria-selected', 'true');
  await expect(rules).toHaveAttribute('lang', 'en');
  await expect(rules.getByText(ENGLISH_WIN)).toBeVisible();
  await expect(rules.getByText(TAGALOG_WIN)).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('betRulesLanguage'))).toBe('en');
  expect(await seriousViolations(page)).toEqual([]);

  // The choice is remembered after a reload.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'English' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('betrules-text').getByText(ENGLISH_WIN)).toBeVisible();

  // And back to Tagalog with the keyboard (arrow keys move between the tabs).
  await page.getByRole('tab', { name: 'English' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Tagalog' })).toBeFocused();
  await expect(page.getByTestId('betrules-text').getByText(TAGALOG_WIN)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Tagalog' })).toHaveAttribute('aria-selected', 'true');
});
