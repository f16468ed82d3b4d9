import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './test.ts';
import { FormAdminRoutes, RacingAdminRoutes, type PersonRecord, type Race } from '@karera/shared';
import { seriousViolations } from './axe.ts';
import { goToBackofficeSection } from './backofficeNav.ts';
import { backofficeAsFirstAdmin, manilaToday, uniqueSuffix } from './support.ts';

const SAMPLE = fs.readFileSync(path.resolve(import.meta.dirname, '../docs/samples/card-import.csv'), 'utf8');

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

async function expectAxeClean(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`horses in the back office on a ${name} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });

    test('an admin adds a horse and cards it as a runner by type-ahead', async ({ page }) => {
      const suffix = uniqueSuffix();
      const horseName = `Kidlat ${suffix}`;
      await backofficeAsFirstAdmin(page);
      const { person: trainer } = await postAsStaff<{ person: PersonRecord }>(page, FormAdminRoutes.trainers, {
        name: `T. Trainer ${suffix}`,
        licenceNo: `TR-${suffix}`.slice(0, 20),
      });

      await goToBackofficeSection(page, 'Horses');
      await expect(page.getByRole('heading', { level: 1, name: 'Horses' })).toBeVisible();
      const form = page.getByTestId('horse-create-form');
      // The shared messages, before anything is sent.
      await form.getByRole('button', { name: 'Add horse' }).click();
      await expect(form.getByText('Please enter the name (at most 60 characters).')).toBeVisible();
      await form.getByLabel('Name', { exact: true }).fill(horseName);
      await form.getByLabel('Sex').selectOption('G');
      await form.getByLabel('Foaling year').fill('2021');
      await form.getByLabel('Colour').fill('Bay');
      await form.getByLabel('Owner').fill('Stable Uno');
      await form.getByRole('combobox', { name: 'Trainer' }).fill(trainer.name.slice(0, 12));
      await page.getByRole('option', { name: new RegExp(trainer.name) }).click();
      await expect(form.getByText(`Picked from the records (#${trainer.id}).`)).toBeVisible();
      await expectAxeClean(page);
      await form.getByRole('button', { name: 'Add horse' }).click();
      await expect(form.getByText(`${horseName} added.`)).toBeVisible();
      // A second horse of the same name is refused as the server words it.
      await form.getByLabel('Name', { exact: true }).fill(horseName.toUpperCase());
      await form.getByLabel('Sex').selectOption('M');
      await form.getByLabel('Foaling year').fill('2020');
      await form.getByLabel('Colour').fill('Grey');
      await form.getByLabel('Owner').fill('Stable Dos');
      await form.getByRole('combobox', { name: 'Trainer' }).fill(trainer.name.slice(0, 12));
      await page.getByRole('option', { name: new RegExp(trainer.name) }).click();
      await form.getByRole('button', { name: 'Add horse' }).click();
      await expect(form.getByText('Another horse already has this name: horse names are unique.')).toBeVisible();

      // A race to card it in.
      const { event } = await postAsStaff<{ event: { id: number } }>(page, RacingAdminRoutes.events, {
        name: `Horses ${suffix}`,
        arena: 'Metro Turf',
        streamUrl: '',
        raceDate: manilaToday(),
        enabledBetTypes: [],
      });
      const { race } = await postAsStaff<{ race: Race }>(page, RacingAdminRoutes.races(event.id), {
        raceNo: 1,
        startDateTime: `${manilaToday()}T23:30:00+08:00`,
        enabledBetTypes: [],
      });
      await page.goto(`/backoffice/race-day/${event.id}/races/${race.raceId}`);
      const horseBox = page.getByRole('combobox', { name: 'Horse', exact: true });
      // Any case; the list shows the names starting with it (this test's horse only: its name is unique).
      await horseBox.fill(horseName.slice(0, -1).toLowerCase());
      await expect(page.getByRole('option', { name: horseName })).toBeVisible();
      await horseBox.press('ArrowDown');
      await horseBox.press('Enter');
      await expect(horseBox).toHaveValue(horseName);
      await page.getByRole('combobox', { name: 'Jockey', exact: true }).fill(`J. Rider ${suffix}`);
      await expectAxeClean(page);
      await page.getByRole('button', { name: 'Add runner' }).click();
      await expect(page.getByText('Runner 1 added.')).toBeVisible();
      await expect(page.getByRole('article', { name: `1 ${horseName}` })).toContainText(`J. Rider ${suffix}`);
    });

    test('an admin imports the sample card, and a bad file lists its errors by line', async ({ page }) => {
      const track = `Sample Park ${uniqueSuffix()}`;
      // The sample's card at a track of this test's own; its past runs are the sample's (imported again: the same).
      const card = SAMPLE.split('\n')
        .map((line) => (line.startsWith('card,') ? line.replace('Santa Ana Park', track) : line))
        .join('\n');
      await backofficeAsFirstAdmin(page, '/backoffice/horses');
      await page.getByRole('link', { name: 'Import card' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Import a card' })).toBeVisible();
      const form = page.getByTestId('card-import-form');
      const file = form.getByLabel('CSV file');
      await file.setInputFiles({ name: 'card.csv', mimeType: 'text/csv', buffer: Buffer.from(card) });
      await form.getByRole('button', { name: 'Check and import' }).click();
      const result = page.getByTestId('card-import-result');
      await expect(result).toContainText('Imported 2 races with 7 runners, and 11 past runs');
      await expectAxeClean(page);

      const lines = card.split('\n');
      const bad = [
        lines[0],
        lines[1]?.replace('13:00', '25:00'),
        lines[2]?.replace(',52,', ',99,'),
        'race,2026-12-05,Nowhere,1,13:00,1200,,9,X,Y,,,,,,,,',
      ].join('\n');
      await file.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      await form.getByRole('button', { name: 'Check and import' }).click();
      await expect(result.getByRole('heading', { name: 'Nothing was imported: 3 errors' })).toBeVisible();
      const errors = page.getByTestId('card-import-errors').getByRole('listitem');
      await expect(errors).toHaveText([
        /^Line 2post_time is required on a card row/,
        /^Line 3weight_kg must be kilograms/,
        /^Line 4type must be card/,
      ]);
      await expectAxeClean(page);
    });
  });
}
