import { expect, test, type APIRequestContext, type Page } from './test.ts';
import { RacingAdminRoutes, ToteAdminRoutes, type GameEvent, type Race } from '@karera/shared';
import { adminPost, backofficeLogin, manilaToday, newAdmin, registerPlayer, uniqueSuffix } from './support.ts';
import { raceDaySchedule } from './raceDay.ts';
import { seriousViolations } from './axe.ts';
import { goToBackofficeSection, openBackofficeNav } from './backofficeNav.ts';

/**
 * The back office on a desktop (1280x800) and on a phone (390x844): the side navigation (a Menu drawer
 * on the phone), a table sorted, filtered and paged by the server, confirmations naming the race for
 * closing betting and scratching, the audit log filtered to a human sentence, and a finished race's
 * finishing places. Each test makes its own race day, players and admin.
 */

/** Today's race day of this test with race 1 (1 Bagyo…, 2 Alon…, 3 Hangin…), open for betting. */
async function createOpenRace(request: APIRequestContext, tag: string) {
  const day = raceDaySchedule(1);
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E Desk ${tag}`,
    arena: 'San Lazaro Leisure Park',
    streamUrl: '',
    raceDate: day.raceDate,
    enabledBetTypes: [],
  });
  let { race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.races(event.id), {
    raceNo: 1,
    startDateTime: day.start(1),
    enabledBetTypes: [],
  });
  for (const [runnerNo, horse] of [
    ['1', 'Bagyo'],
    ['2', 'Alon'],
    ['3', 'Hangin'],
  ] as const) {
    ({ race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.runners(race.raceId), {
      runnerNo,
      horseName: `${horse}${tag}`,
      jockeyName: `Jockey ${runnerNo}`,
    }));
  }
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'O' });
  return { event, race };
}

/** "25 Nov": how the audit log names a race day. */
function shortDay(isoDay: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
}

/** Signs in as a new admin of this test and answers their username. */
async function signInAsNewAdmin(page: Page): Promise<string> {
  await page.goto('/backoffice');
  const credentials = await newAdmin(new URL(page.url()).origin);
  await backofficeLogin(page, credentials.username, credentials.password);
  return credentials.username;
}

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`back office on a ${name} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });
    const desktop = viewport.width >= 1024;

    test('the navigation: a side bar on a desktop, a Menu drawer on a phone', async ({ page }) => {
      await backofficeLogin(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Main' });
      const menu = page.getByRole('button', { name: 'Menu' });
      if (desktop) {
        await expect(menu).toHaveCount(0);
        await expect(nav).toBeVisible();
        const navBox = await nav.boundingBox();
        const mainBox = await page.getByRole('main').boundingBox();
        // Beside the page, not above it.
        expect(navBox && mainBox && navBox.x + navBox.width <= mainBox.x + 1).toBe(true);
      } else {
        await expect(nav).toBeHidden();
        await menu.click();
        await expect(menu).toHaveAttribute('aria-expanded', 'true');
        await expect(nav).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(nav).toBeHidden();
        await expect(menu).toBeFocused();
      }
      await goToBackofficeSection(page, 'Audit log');
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      // A choice closes the drawer; the sidebar stays.
      if (desktop) await expect(nav).toBeVisible();
      else await expect(nav).toBeHidden();
      await expect(
        (await openBackofficeNav(page)).getByRole('link', { name: 'Audit log', exact: true }),
      ).toHaveAttribute('aria-current', 'page');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the players table sorts and filters on the server', async ({ page, request }) => {
      // Letters only: a search with a digit also matches mobile numbers holding that digit.
      const tag = `Srt${uniqueSuffix()
        .slice(-6)
        .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')}`;
      // Three players of this test only (registered, not yet verified), found by their last name.
      for (const first of ['Carla', 'Ana', 'Bea']) {
        await registerPlayer(request, {
          mobileNo: `0917${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
          password: 'player-pass-1',
          firstName: first,
          lastName: tag,
        });
      }
      await backofficeLogin(page);
      await page.getByLabel('Search players').fill(tag);
      await expect(page).toHaveURL(new RegExp(`q=${tag}`));
      const table = page.getByRole('table', { name: 'Players' });
      const names = table.getByRole('rowheader');
      await expect(names).toHaveCount(3);

      const sortByName = async (direction: 'ascending' | 'descending') => {
        if (desktop) {
          const header = table.getByRole('columnheader', { name: 'Name' });
          await header.getByRole('button', { name: 'Name' }).click();
          await expect(header).toHaveAttribute('aria-sort', direction);
        } else {
          await page.getByLabel('Sort by').selectOption({ label: `Name, ${direction}` });
        }
        await expect(page).toHaveURL(new RegExp(`sort=name&dir=${direction === 'ascending' ? 'asc' : 'desc'}`));
      };
      await sortByName('ascending');
      await expect(names).toHaveText([`Ana ${tag}`, `Bea ${tag}`, `Carla ${tag}`]);
      await sortByName('descending');
      await expect(names).toHaveText([`Carla ${tag}`, `Bea ${tag}`, `Ana ${tag}`]);

      // Two checks, each named: the mobile number's OTP and the identity verification (KYC).
      await expect(table.getByRole('columnheader', { name: 'Mobile verified' })).toHaveCount(1);
      await expect(table.getByRole('columnheader', { name: 'Identity (KYC)' })).toHaveCount(1);
      await expect(table.getByRole('row').filter({ hasText: `Ana ${tag}` })).toContainText('Not submitted');
      // Filters: none of them has a verified mobile number yet.
      await page.getByLabel('Mobile verified', { exact: true }).selectOption({ label: 'Mobile verified only' });
      await expect(page.getByText('No players found.')).toBeVisible();
      await page.getByLabel('Mobile verified', { exact: true }).selectOption({ label: 'Mobile not verified only' });
      await expect(names).toHaveText([`Carla ${tag}`, `Bea ${tag}`, `Ana ${tag}`]);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('closing betting and scratching ask first, naming the race; the audit log pages, filters and tells it in a sentence', async ({
      page,
      request,
    }) => {
      const tag = uniqueSuffix().slice(-6);
      const { event, race } = await createOpenRace(request, tag);
      // 26 earlier scratches and reinstatements of runner 2, so its audit entries fill more than a page.
      const alonId = race.runners.find((runner) => runner.runnerNo === '2')?.id ?? 0;
      for (let i = 0; i < 26; i += 1) {
        await adminPost(request, RacingAdminRoutes.scratch(alonId), { scratched: i % 2 === 0 });
      }
      const username = await signInAsNewAdmin(page);
      await page.goto(`/backoffice/race-day/${event.id}/races/${race.raceId}`);
      await expect(page.getByRole('heading', { level: 1, name: `Race 1 · ${event.name}` })).toBeVisible();
      const status = page.getByTestId('race-status');
      await expect(status).toHaveText('Open');

      // Scratch: Keep it running changes nothing; confirming scratches.
      const alon = page.getByRole('article', { name: `2 Alon${tag}` });
      await alon.getByRole('button', { name: 'Scratch runner 2' }).click();
      const scratchDialog = page.getByRole('dialog', { name: `Scratch runner 2 Alon${tag} from race 1?` });
      await expect(scratchDialog).toContainText(event.name);
      expect(await seriousViolations(page)).toEqual([]);
      await scratchDialog.getByRole('button', { name: 'Keep it running' }).click();
      await expect(scratchDialog).toBeHidden();
      await page.reload();
      await expect(alon.getByTestId('runner-status')).toHaveText('Running');
      await alon.getByRole('button', { name: 'Scratch runner 2' }).click();
      await scratchDialog.getByRole('button', { name: 'Yes, scratch it' }).click();
      await expect(scratchDialog).toBeHidden();
      await expect(alon.getByTestId('runner-status')).toHaveText('Scratched');

      // Close betting: going back keeps it open; confirming closes it.
      await page.getByRole('button', { name: 'Close betting' }).click();
      const closeDialog = page.getByRole('dialog', { name: 'Close betting on race 1?' });
      await expect(closeDialog).toContainText(`Race 1 · ${event.name}`);
      await closeDialog.getByRole('button', { name: 'Keep betting open' }).click();
      await expect(closeDialog).toBeHidden();
      await page.reload();
      await expect(status).toHaveText('Open');
      await page.getByRole('button', { name: 'Close betting' }).click();
      await closeDialog.getByRole('button', { name: 'Yes, close betting' }).click();
      await expect(closeDialog).toBeHidden();
      await expect(status).toHaveText('Closed');

      // The audit log searched by the horse: its 28 entries (added, 26 toggles, this scratch) on two pages.
      await goToBackofficeSection(page, 'Audit log');
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      const entries = page.getByRole('table', { name: 'Audit log entries' }).getByRole('rowheader');
      await page.getByLabel('Search', { exact: true }).fill(`alon${tag}`);
      await expect(page).toHaveURL(new RegExp(`q=alon${tag}`));
      const pager = page.getByRole('navigation', { name: 'Pagination' });
      await expect(pager).toContainText('Page 1 of 2 · 28 results');
      await expect(entries).toHaveCount(25);
      await expect(entries.first()).toHaveText(
        `Admin ${username} scratched runner 2 Alon${tag} in Race 1 of ${shortDay(manilaToday())}`,
      );
      await pager.getByRole('button', { name: 'Next' }).click();
      await expect(pager).toContainText('Page 2 of 2');
      await expect(page).toHaveURL(/page=2/);
      await expect(entries).toHaveCount(3);
      await expect(entries.last()).toContainText(`added runner 2 Alon${tag} to Race 1`);

      // Filtered by this admin, the action and today: one sentence; a filter goes back to page 1.
      await page.getByLabel('Staff member').selectOption({ label: `Administrator (${username})` });
      await page.getByLabel('Action').selectOption({ label: 'Runner scratched' });
      await page.getByLabel('From (Manila)').fill(manilaToday());
      await page.getByLabel('To (Manila)').fill(manilaToday());
      await expect(page).not.toHaveURL(/page=2/);
      await expect(entries).toHaveText([
        `Admin ${username} scratched runner 2 Alon${tag} in Race 1 of ${shortDay(manilaToday())}`,
      ]);
      // The same admin's closing of betting, under another action.
      await page.getByLabel('Action').selectOption({ label: 'Race status changed' });
      await page.getByLabel('Search', { exact: true }).fill('');
      await expect(entries).toContainText([`Admin ${username} closed betting on Race 1 of ${shortDay(manilaToday())}`]);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a finished race's page shows its finishing places", async ({ page, request }) => {
      const tag = uniqueSuffix().slice(-6);
      const { event, race } = await createOpenRace(request, tag);
      await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'C' });
      await adminPost(request, ToteAdminRoutes.confirmResult(race.raceId), {
        finish: [[3], [1], [2]],
        idempotencyKey: `e2e-desk-places-${race.raceId}`,
      });
      await backofficeLogin(page);
      await page.goto(`/backoffice/race-day/${event.id}/races/${race.raceId}`);
      await expect(page.getByTestId('race-status')).toHaveText('Done');
      const places = page.getByRole('region', { name: 'Finishing places' });
      await expect(places.getByRole('listitem')).toHaveText([
        `1st3 Hangin${tag} (Jockey 3)`,
        `2nd1 Bagyo${tag} (Jockey 1)`,
        `3rd2 Alon${tag} (Jockey 2)`,
      ]);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
