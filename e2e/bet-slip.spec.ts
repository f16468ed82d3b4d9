import { expect, test, type APIRequestContext } from './test.ts';
import { BackofficeRoutes, RacingAdminRoutes, type FlagBetType, type GameEvent, type Race } from '@karera/shared';
import { adminPost, signInAsNewPlayer, uniqueSuffix } from './support.ts';
import { raceDaySchedule } from './raceDay.ts';

/**
 * The bet slip of the live screen at 390 px: a new player, funded through the back office, places a
 * Win on a race day of its own (opened with /live?event=<id>) and gets its receipt and new balance.
 */

// Under the site's service worker, as a returning player's phone has it (the other specs block it: decision 058).
test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });

/**
 * Today's race day with `raceCount` races open for betting, each with 1 Bagyo, 1A Kidlat, 2 Alon,
 * 3 Hangin, the event and its races enabling `enabledBetTypes`.
 */
async function createOpenRaces(request: APIRequestContext, raceCount = 1, enabledBetTypes: FlagBetType[] = []) {
  const day = raceDaySchedule(raceCount);
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E Slip ${uniqueSuffix()}`,
    arena: 'San Lazaro Leisure Park',
    streamUrl: '',
    raceDate: day.raceDate,
    enabledBetTypes,
  });
  const races: Race[] = [];
  for (let raceNo = 1; raceNo <= raceCount; raceNo += 1) {
    let { race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.races(event.id), {
      raceNo,
      startDateTime: day.start(raceNo),
      enabledBetTypes,
    });
    for (const [runnerNo, horseName] of [
      ['1', 'Bagyo'],
      ['1A', 'Kidlat'],
      ['2', 'Alon'],
      ['3', 'Hangin'],
    ] as const) {
      ({ race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.runners(race.raceId), {
        runnerNo,
        horseName,
        jockeyName: `Jockey ${runnerNo}`,
      }));
    }
    await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'O' });
    races.push(race);
  }
  return { event, races };
}

async function fund(request: APIRequestContext, playerId: number, amount: number) {
  await adminPost(
    request,
    BackofficeRoutes.adjustments(playerId),
    { account: 'credit', amount, reason: 'E2E bet slip funding' },
    { 'idempotency-key': `e2e-slip-${uniqueSuffix()}` },
  );
}

test('a funded player places a Win and sees the receipt and the new balance', async ({ page, request }) => {
  const player = await signInAsNewPlayer(page, request);
  await fund(request, player.playerId, 50_000);
  // The stored login predates the funding: the page starts from the funded balance.
  await page.addInitScript(() => window.localStorage.setItem('creditBalance', '50000'));
  const { event } = await createOpenRaces(request);

  await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
  await page.goto(`/live?event=${event.id}`);
  await expect(page.getByTestId('event-name')).toHaveText(event.name);

  const types = page.getByTestId('bet-types');
  await expect(types.getByRole('button', { name: 'Win', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(types.getByRole('button', { name: 'Forcast', exact: true })).toBeVisible();
  await expect(types.getByRole('button', { name: 'Trifecta', exact: true })).toHaveCount(0);

  const slip = page.getByTestId('bet-slip');
  const submit = slip.getByRole('button', { name: 'Submit Bet' });
  await expect(slip.getByTestId('slip-amount')).toHaveValue('1');
  await expect(slip.getByTestId('slip-credit')).toHaveText('₱500.00');
  await expect(submit).toBeDisabled();

  // Coupled 1 and 1A are one pick; digits only in the amount.
  await page.getByRole('button', { name: 'Bet on 1 Bagyo', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Bet on 1A Kidlat', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await slip.getByTestId('slip-amount').fill('2x0');
  await expect(slip.getByTestId('slip-amount')).toHaveValue('20');
  await expect(slip.getByTestId('slip-combinations')).toHaveText('1');
  await expect(slip.getByTestId('slip-total')).toHaveText('₱20.00');

  // Changing type with picks asks first; Cancel keeps them.
  await types.getByRole('button', { name: 'Forcast', exact: true }).click();
  const change = page.getByRole('alertdialog', { name: 'Change race type' });
  await expect(change).toContainText(
    'When you change a race type all your selected horse on current race will be removed.',
  );
  await change.getByRole('button', { name: 'Cancel' }).click();
  await expect(slip.getByTestId('slip-place-runners')).toHaveText('1');

  await submit.click();
  const receipt = page.getByRole('dialog', { name: 'Bet Receipt' });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByTestId('receipt-ticket')).not.toBeEmpty();
  await expect(receipt.getByTestId('receipt-picks')).toHaveText('1');
  await expect(receipt.getByTestId('receipt-total')).toHaveText('₱20.00');
  await expect(slip.getByTestId('slip-credit')).toHaveText('₱480.00');

  await receipt.getByRole('button', { name: 'OK' }).click();
  await expect(receipt).toBeHidden();
  await expect(slip.getByTestId('slip-amount')).toHaveValue('1');
  await expect(page.getByRole('button', { name: 'Bet on 1 Bagyo', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(submit).toBeDisabled();
});

test('a bet the balance cannot cover is refused by the server, never on a stored balance', async ({
  page,
  request,
}) => {
  await signInAsNewPlayer(page, request);
  // A stored balance the server does not hold: the slip does not judge by it.
  await page.addInitScript(() => window.localStorage.setItem('creditBalance', '500000'));
  const { event } = await createOpenRaces(request);
  await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
  await page.goto(`/live?event=${event.id}`);
  await expect(page.getByTestId('bet-slip').getByTestId('slip-credit')).toHaveText('₱0.00');

  let placed = 0;
  page.on('request', (sent) => {
    if (sent.url().includes('/api/game/placeBet')) placed += 1;
  });
  await page.getByRole('button', { name: 'Bet on 2 Alon', exact: true }).click();
  await page.getByTestId('bet-slip').getByRole('button', { name: 'Submit Bet' }).click();
  const refusal = page.getByRole('alertdialog', { name: 'Bet not placed' });
  await expect(refusal).toContainText('You have insufficient balance.');
  await expect(refusal.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/payment');
  await refusal.getByRole('button', { name: 'OK' }).click();
  expect(placed).toBe(1);
});

test('a Double takes one pick per leg race from the leg tabs', async ({ page, request }) => {
  const player = await signInAsNewPlayer(page, request);
  await fund(request, player.playerId, 50_000);
  await page.addInitScript(() => window.localStorage.setItem('creditBalance', '50000'));
  const { event } = await createOpenRaces(request, 2, ['DD']);
  await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
  await page.goto(`/live?event=${event.id}`);

  await page.getByTestId('bet-types').getByRole('button', { name: 'Double', exact: true }).click();
  const legs = page.getByTestId('leg-tabs');
  await expect(legs.getByRole('button', { name: 'Race 1', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Bet on 1 Bagyo', exact: true }).click();
  await legs.getByRole('button', { name: 'Race 2', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Bet on 1 Bagyo', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.getByRole('button', { name: 'Bet on 2 Alon', exact: true }).click();
  await page.getByRole('button', { name: 'Bet on 3 Hangin', exact: true }).click();

  const slip = page.getByTestId('bet-slip');
  await expect(slip.getByTestId('slip-combinations')).toHaveText('2');
  await expect(slip.getByTestId('slip-total')).toHaveText('₱2.00');
  await slip.getByRole('button', { name: 'Submit Bet' }).click();
  const receipt = page.getByRole('dialog', { name: 'Bet Receipt' });
  await expect(receipt.getByTestId('receipt-picks')).toHaveText('1/2,3');
  await expect(receipt.getByTestId('receipt-total')).toHaveText('₱2.00');
  await expect(slip.getByTestId('slip-credit')).toHaveText('₱498.00');
});
