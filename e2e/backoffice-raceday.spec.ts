import { expect, test, type Locator, type Page } from './test.ts';
import { RacingAdminRoutes, RacingMessages, tooFewRunnersMessage, type GameEvent, type Race } from '@karera/shared';
import { backofficeLogin, uniqueSuffix } from './support.ts';
import { seriousViolations } from './axe.ts';
import { goToBackofficeSection } from './backofficeNav.ts';

/** A back-office call made by the signed-in page itself. */
async function postAsStaff<T>(page: Page, url: string, body: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ([target, payload]) => {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return (await response.json()) as { statusCode: number };
    },
    [url, body] as const,
  );
  expect(answer.statusCode, JSON.stringify(answer)).toBe(200);
  return answer as T;
}

/** The race's status badge on the race page. */
const raceStatus = (page: Page) => page.getByTestId('race-status');

async function addRunner(page: Page, runnerNo: string, horse: string, jockey: string): Promise<Locator> {
  await expect(page.getByLabel('Number', { exact: true })).toHaveValue(runnerNo);
  // Typed names, not picked from the records' suggestions (Escape closes them).
  await page.getByLabel('Horse', { exact: true }).fill(horse);
  await page.getByLabel('Horse', { exact: true }).press('Escape');
  await page.getByLabel('Jockey', { exact: true }).fill(jockey);
  await page.getByLabel('Jockey', { exact: true }).press('Escape');
  await page.getByRole('button', { name: 'Add runner' }).click();
  await expect(page.getByText(`Runner ${runnerNo} added.`)).toBeVisible();
  const card = page.getByRole('article', { name: `${runnerNo} ${horse}` });
  await expect(card).toContainText(jockey);
  await expect(card.getByTestId('runner-status')).toHaveText('Running');
  return card;
}

test('an admin sets up a race day and runs race 1 from open betting to closed', async ({ page }) => {
  const eventName = `E2E Derby ${uniqueSuffix()}`;
  await backofficeLogin(page);

  // Race days: create an event on the next race day, with Trifecta on.
  await goToBackofficeSection(page, 'Race day');
  await expect(page.getByRole('heading', { level: 1, name: 'Race day' })).toBeVisible();
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText(RacingMessages.nameRequired)).toBeVisible();

  await page.getByLabel('Event name').fill(eventName);
  await page.getByLabel('Arena', { exact: true }).fill('San Lazaro');
  await page.getByLabel('Stream channel or URL').fill('e2e-cam');
  const firstPick = page.getByRole('group', { name: 'Next race days' }).getByRole('button').first();
  await firstPick.click();
  await expect(firstPick).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Race date (Manila)')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByRole('checkbox', { name: 'Trifecta' }).check();
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText(`Event “${eventName}” created.`)).toBeVisible();

  // Our own event, found by its unique name (a simulator may add others).
  await page.getByRole('link', { name: eventName, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
  await expect(page.getByText('No races yet.')).toBeVisible();
  await expect(page.getByText('Trifecta').first()).toBeVisible();

  // Race 1, numbered and timed by default.
  await expect(page.getByRole('spinbutton', { name: 'Race number' })).toHaveValue('1');
  await expect(page.getByLabel('Start date and time (Manila)')).toHaveValue(/T13:00$/);
  await expect(page.getByRole('checkbox', { name: 'Trifecta' })).toBeChecked();
  await page.getByRole('button', { name: 'Add race' }).click();
  await expect(page.getByText('Race 1 added.')).toBeVisible();
  const raceCard = page.getByRole('article', { name: 'Race 1' });
  await expect(raceCard.getByTestId('race-status')).toHaveText('Awaiting bet open');
  await expect(raceCard).toContainText('0 runners');
  await expect(raceCard.getByRole('button', { name: 'Open betting' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Race number' })).toHaveValue('2');

  // The race page: its runners.
  await raceCard.getByRole('link', { name: 'Race 1', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Race 1 · ${eventName}` })).toBeVisible();
  await expect(raceStatus(page)).toHaveText('Awaiting bet open');
  await expect(page.getByText('No runners yet.')).toBeVisible();
  await addRunner(page, '1', 'Bagyo', 'R. Reyes');
  const second = await addRunner(page, '2', 'Kidlat', 'J. Cruz');

  // Fix a jockey inline.
  const first = page.getByRole('article', { name: '1 Bagyo' });
  await first.getByRole('button', { name: 'Edit runner 1' }).click();
  await first.getByLabel('Jockey').fill('R. Reyes Jr.');
  await first.getByLabel('Jockey').press('Escape');
  await first.getByRole('button', { name: 'Save runner' }).click();
  await expect(first.getByText('Runner 1 saved.')).toBeVisible();
  await expect(first).toContainText('R. Reyes Jr.');

  // The race offers a Trifecta: two runners are refused, in the server's words; a third lets it open.
  const openBetting = async () => {
    await page.getByRole('button', { name: 'Open betting' }).click();
    await page
      .getByRole('dialog', { name: 'Open betting on race 1?' })
      .getByRole('button', { name: 'Yes, open betting' })
      .click();
  };
  await openBetting();
  await expect(page.getByText(tooFewRunnersMessage(3, 2, 'Trifecta'))).toBeVisible();
  await expect(raceStatus(page)).toHaveText('Awaiting bet open');
  await addRunner(page, '3', 'Alon', 'P. Santos');

  // Open betting, then last call: only the allowed next moves are offered.
  await openBetting();
  await expect(raceStatus(page)).toHaveText('Open');
  await expect(page.getByRole('button', { name: 'Open betting' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Last call' }).click();
  await expect(raceStatus(page)).toHaveText('Last call');
  await expect(page.getByRole('button', { name: 'Last call' })).toHaveCount(0);

  // Scratch runner 2 while the race is on last call.
  await second.getByRole('button', { name: 'Scratch runner 2' }).click();
  await page
    .getByRole('dialog', { name: /^Scratch runner 2 / })
    .getByRole('button', { name: 'Yes, scratch it' })
    .click();
  await expect(second.getByTestId('runner-status')).toHaveText('Scratched');
  await expect(second.getByRole('button', { name: 'Unscratch runner 2' })).toBeEnabled();

  // Close betting: the field is fixed, and the page says why.
  await page.getByRole('button', { name: 'Close betting' }).click();
  await page
    .getByRole('dialog', { name: 'Close betting on race 1?' })
    .getByRole('button', { name: 'Yes, close betting' })
    .click();
  await expect(raceStatus(page)).toHaveText('Closed');
  await expect(page.getByText(RacingMessages.raceLocked)).toBeVisible();
  await expect(second.getByRole('button', { name: 'Unscratch runner 2' })).toBeDisabled();
  await expect(
    page.getByRole('article', { name: '1 Bagyo' }).getByRole('button', { name: 'Scratch runner 1' }),
  ).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add runner' })).toHaveCount(0);
  // Done comes with the official result, entered on its own page.
  await expect(page.getByRole('button', { name: 'Mark done' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Enter the result of race 1' })).toBeVisible();

  // Back on the event page the card shows the same state.
  await page.getByRole('link', { name: `Back to ${eventName}` }).click();
  await expect(page.getByRole('article', { name: 'Race 1' }).getByTestId('race-status')).toHaveText('Closed');
  await expect(page.getByRole('article', { name: 'Race 1' })).toContainText('3 runners');

  // Edit the event.
  await page.getByRole('button', { name: 'Edit event' }).click();
  await page.getByLabel('Arena', { exact: true }).fill('Metro Turf');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Event saved.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Event details' })).toContainText('Metro Turf');
});

test('cancelling a race asks first, then voids it for good', async ({ page }) => {
  const eventName = `E2E Cancel ${uniqueSuffix()}`;
  await backofficeLogin(page);
  // backofficeLogin returns once any h1 shows, the login form's included: wait for the signed-in shell.
  await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible();
  // Set up through the API, from the page so the staff session cookie goes along: an event with one race.
  const { event } = await postAsStaff<{ event: GameEvent }>(page, RacingAdminRoutes.events, {
    name: eventName,
    arena: 'Metro Turf',
    streamUrl: '',
    raceDate: '2030-01-02',
    enabledBetTypes: [],
  });
  const { race } = await postAsStaff<{ race: Race }>(page, RacingAdminRoutes.races(event.id), {
    raceNo: 1,
    startDateTime: '2030-01-02T05:00:00.000Z',
    enabledBetTypes: [],
  });
  expect(race.status).toBe('A');

  // The three race-day screens pass axe (no serious violations).
  await goToBackofficeSection(page, 'Race day');
  await expect(page.getByRole('link', { name: eventName, exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: eventName, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
  const card = page.getByRole('article', { name: 'Race 1' });
  await expect(card).toContainText('Jan 02, 2030 01:00 PM');
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole('link', { name: 'Race 1: runners and details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Race 1 · ${eventName}` })).toBeVisible();
  await expect(page.getByText('No runners yet.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: `Back to ${eventName}` }).click();

  await card.getByRole('button', { name: 'Cancel race' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel race 1?' });
  await expect(dialog).toContainText('void and is refunded');
  await dialog.getByRole('button', { name: 'Keep the race' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('race-status')).toHaveText('Awaiting bet open');

  await card.getByRole('button', { name: 'Cancel race' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel the race' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('race-status')).toHaveText('Cancelled');
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(card).toContainText('This race is finished');
});
