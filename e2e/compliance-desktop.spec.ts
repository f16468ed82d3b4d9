import { expect, test, type Page } from './test.ts';
import sharp from 'sharp';
import { KycRoutes } from '@karera/shared';
import { backofficeLogin, createVerifiedPlayer, uniqueSuffix } from './support.ts';
import { seriousViolations } from './axe.ts';
import { goToBackofficeSection } from './backofficeNav.ts';

/**
 * The back office's compliance pages on a desktop (1280x800), as the phone specs (kyc, aml,
 * responsible-gaming) walk them at 390x844: the identity queue and a review with its photos, the
 * exclusions list after an admin's exclusion. Each page fits the window and has no serious axe finding.
 */
test.use({ viewport: { width: 1280, height: 800 } });

async function photo(format: 'png' | 'jpeg', hue: number): Promise<string> {
  const width = 96;
  const height = 72;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 5 + hue * ((i / 288) | 0)) & 0xff;
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return (format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 85 }).toBuffer()).toString(
    'base64',
  );
}

async function fitsTheWindow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  expect(await seriousViolations(page)).toEqual([]);
}

test('an admin reviews an identity verification on a desktop: queue, photos, approve', async ({ page, request }) => {
  const player = await createVerifiedPlayer(request);
  const legalName = `Jose Rizal Mercado ${uniqueSuffix().slice(-6)}`;
  const submitted = await request.post(KycRoutes.submit, {
    data: {
      legalName,
      dateOfBirth: '1988-06-19',
      idType: 'passport',
      idNumber: `P${Date.now()}`,
      idPhoto: await photo('jpeg', 9),
      selfie: await photo('png', 4),
      declarations: {
        notStudent: true,
        notGovernmentOfficial: true,
        notMilitaryOrPolice: true,
        notRacingEmployee: true,
      },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  await backofficeLogin(page);
  await goToBackofficeSection(page, 'Identity checks');
  await expect(page.getByRole('heading', { level: 1, name: 'Identity verification' })).toBeVisible();
  await expect(page.getByText(legalName, { exact: true })).toBeVisible();
  await fitsTheWindow(page);

  await page.getByText(legalName, { exact: true }).click();
  await expect(page.getByRole('img', { name: `ID photo of ${legalName}` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Selfie of ${legalName}` })).toBeVisible();
  await fitsTheWindow(page);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('kyc-review-status')).toHaveText('Verified');

  await page.goto(`/backoffice/players/${player.playerId}`);
  await expect(page.getByTestId('player-kyc-status')).toContainText('Verified');
  await fitsTheWindow(page);

  // A submission id that cannot be one: the not-found page with its way back.
  await page.goto('/backoffice/kyc/0');
  await expect(page.getByRole('link', { name: 'Back to the queue' })).toBeVisible();
});

test('an admin excludes a player on a desktop and finds them on the exclusions list', async ({ page, request }) => {
  const player = await createVerifiedPlayer(request);
  await backofficeLogin(page);
  await page.goto(`/backoffice/players/${player.playerId}`);
  const section = page.getByTestId('player-exclusion');
  await expect(section.getByTestId('player-exclusion-state')).toHaveText('No exclusion in force.');
  await fitsTheWindow(page);
  await section.getByLabel('Reason').fill('Asked to be kept from play, by phone');
  await section.getByRole('button', { name: 'Exclude this player' }).click();
  await expect(section.getByTestId('player-exclusion-state')).toContainText('In force: Operator, Until lifted');

  await goToBackofficeSection(page, 'Exclusions');
  await expect(page.getByRole('heading', { level: 1, name: 'Exclusions' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: player.mobileNo });
  await expect(row).toContainText('Asked to be kept from play, by phone');
  await expect(row).toContainText('In force');
  await fitsTheWindow(page);
});
