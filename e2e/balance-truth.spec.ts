import { expect, test, type APIRequestContext, type Page } from './test.ts';
import { BackofficeRoutes, ResponsibleGamingRoutes, type GameEvent } from '@karera/shared';
import { adminPost, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { createRaceDay } from './raceDay.ts';

/**
 * What a screen shows of money is what the server just said (issue 31): a balance credited while the site
 * was closed shows on the next visit without a refresh, and a bet on it goes through; a bet refused by a
 * break or a limit shows the server's words, and a break shows its banner with its end where betting,
 * deposits and promos are. Each test has its own player and race day.
 */

test.use({ viewport: { width: 390, height: 844 } });

async function fund(request: APIRequestContext, playerId: number, amount: number) {
  await adminPost(
    request,
    BackofficeRoutes.adjustments(playerId),
    { account: 'credit', amount, reason: 'E2E balance truth funding' },
    { 'idempotency-key': `e2e-balance-${uniqueSuffix()}` },
  );
}

async function openLive(page: Page, event: GameEvent) {
  await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
  await page.goto(`/live?event=${event.id}`);
  await expect(page.getByTestId('event-name')).toHaveText(event.name);
}

/** A Win on runner 1 for `pesos` through the slip. */
async function betWin(page: Page, pesos: string) {
  await page.getByRole('button', { name: 'Bet on 1 Bagyo', exact: true }).click();
  await page.getByTestId('slip-amount').fill(pesos);
  await page.getByTestId('slip-submit').click();
}

test('a balance credited while the site was closed shows on the next visit, and a bet on it goes through', async ({
  page,
  request,
}) => {
  const player = await signInAsNewPlayer(page, request);
  const event = await createRaceDay(request, { label: 'Balance', raceCount: 1, enabledBetTypes: ['TRI'] });
  await openLive(page, event);
  const header = page.getByTestId('player-header');
  await expect(header.getByTestId('player-balance')).toHaveText('₱0.00');

  // The player closes the site; staff credit the account meanwhile.
  const context = page.context();
  await page.close();
  await fund(request, player.playerId, 50_000);

  const again = await context.newPage();
  // What the closed site had stored: the login's ₱0.00.
  await again.addInitScript(() => {
    if (window.sessionStorage.getItem('stale-set') === null) {
      window.sessionStorage.setItem('stale-set', '1');
      window.localStorage.setItem('creditBalance', '0');
    }
  });
  await openLive(again, event);
  // The browser still holds the balance of the login (₱0.00): the screens show the server's, unasked.
  await expect(again.getByTestId('player-balance')).toHaveText('₱500.00');
  await expect(again.getByTestId('slip-credit')).toHaveText('₱500.00');
  await betWin(again, '10');
  const receipt = again.getByTestId('bet-receipt');
  await expect(receipt.getByTestId('receipt-credit')).toHaveText('₱490.00');
  await expect(again.getByTestId('player-balance')).toHaveText('₱490.00');
  await receipt.getByRole('button', { name: 'OK' }).click();

  // Credited while the page is open in the background: coming back to it reads the balance again.
  await again.goto('/payment?type=withdraw');
  await expect(again.getByTestId('withdrawable')).toHaveText('₱490.00');
  await fund(request, player.playerId, 10_000);
  await again.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(again.getByTestId('player-balance')).toHaveText('₱590.00');
  await expect(again.getByTestId('withdrawable')).toHaveText('₱590.00');
});

test('a bet during a cool-off shows the server’s refusal and the break banner with its end', async ({
  page,
  request,
}) => {
  const player = await signInAsNewPlayer(page, request);
  await fund(request, player.playerId, 50_000);
  const event = await createRaceDay(request, { label: 'Cool-off', raceCount: 1, enabledBetTypes: ['TRI'] });
  const started = await page.request.post(ResponsibleGamingRoutes.startBreak, {
    data: { period: 'coolOff24h', confirm: true },
  });
  expect(started.ok(), await started.text()).toBe(true);

  await openLive(page, event);
  const banner = page.getByTestId('break-banner');
  await expect(banner).toContainText(/You are on a cool-off until .+ \(Manila time\)/);
  await expect(banner.getByRole('link', { name: 'Responsible Gaming' })).toHaveAttribute('href', '/responsiblegaming');

  await betWin(page, '10');
  const refusal = page.getByTestId('bet-refusal-dialog');
  await expect(refusal).toContainText(/You are on a 24-hour cool-off until .+ \(Manila time\)/);
  await expect(refusal).not.toContainText('Error occured');
  await refusal.getByRole('button', { name: 'OK' }).click();

  for (const path of ['/payment', '/promo']) {
    await page.goto(path);
    await expect(page.getByTestId('break-banner')).toContainText('You are on a cool-off until');
  }

  // In Filipino too.
  await page.evaluate(() => window.localStorage.setItem('language', 'fil'));
  await page.goto('/payment');
  await expect(page.getByTestId('break-banner')).toContainText('Naka-cool-off ka hanggang');
});

test('a bet over the stake limit per bet shows the limit in the server’s words', async ({ page, request }) => {
  const player = await signInAsNewPlayer(page, request);
  await fund(request, player.playerId, 50_000);
  const event = await createRaceDay(request, { label: 'Stake limit', raceCount: 1, enabledBetTypes: ['TRI'] });
  const limit = await page.request.post(ResponsibleGamingRoutes.setLimit, {
    data: { kind: 'stakePerBet', amount: 5_000 },
  });
  expect(limit.ok(), await limit.text()).toBe(true);

  await openLive(page, event);
  await expect(page.getByTestId('break-banner')).toHaveCount(0);
  await betWin(page, '60');
  await expect(page.getByTestId('bet-refusal-dialog')).toContainText('over your stake limit per bet of ₱50.00');
});
