import { expect, test, type APIRequestContext, type Page } from './test.ts';
import { BackofficeRoutes, PromoRoutes, RacingAdminRoutes, type GameEvent, type Race } from '@karera/shared';
import { adminPost, newPlayer, readOtp, signInAsNewPlayer, typeOtp, uniqueSuffix } from './support.ts';
import { raceDaySchedule } from './raceDay.ts';
import { seriousViolations } from './axe.ts';

/**
 * The player site in Filipino at 390 px: the main flows once in Filipino (register through the modals,
 * a bet on the live screen, a deposit), the language switch of the public menu and of the account menu
 * remembered across a reload, a browser in Filipino opening the site in Filipino, and never a raw
 * translation key on a screen.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** The top-level keys of the site's texts: a text like 'live.slip.submit' on a screen is a missing text. */
const RAW_KEY =
  /\b(?:common|routes|header|nav|player|alerts|footer|auth|account|profile|landing|android|legal|contact|placeholder|history|cards|live|betRules|notFound|routeError|messages|payments|wallet|promo|howToBet|betReceipt|legResult|results|masterAgent|tutorials|bettingSite)\.[A-Za-z][\w.-]*/;

/** Every text a player can read or hear on the page: the visible text and the accessible names. */
async function expectNoRawKey(page: Page) {
  const texts = await page.evaluate(() => {
    const attributes = Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')).flatMap(
      (node) => ['aria-label', 'title', 'placeholder', 'alt'].map((name) => node.getAttribute(name) ?? ''),
    );
    return [document.body.innerText, document.title, ...attributes].join('\n');
  });
  expect(texts).not.toMatch(RAW_KEY);
}

const CARD = [
  ['1', 'Bagyo'],
  ['2', 'Alon'],
  ['3', 'Hangin'],
] as const;

/** Today's race day with one race open for betting (Win is always offered). */
async function createOpenRaceDay(request: APIRequestContext): Promise<GameEvent> {
  const day = raceDaySchedule(1);
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E Filipino ${uniqueSuffix()}`,
    arena: 'San Lazaro Leisure Park',
    streamUrl: '',
    raceDate: day.raceDate,
    enabledBetTypes: [],
  });
  const { race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.races(event.id), {
    raceNo: 1,
    startDateTime: day.start(1),
    enabledBetTypes: [],
  });
  for (const [runnerNo, horseName] of CARD) {
    await adminPost(request, RacingAdminRoutes.runners(race.raceId), {
      runnerNo,
      horseName,
      jockeyName: `Jockey ${runnerNo}`,
    });
  }
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'O' });
  return event;
}

test('a visitor switches the public menu to Filipino, which survives a reload, and registers through the modals in Filipino', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Menu' }).click();
  const languages = page.getByRole('group', { name: 'Language / Wika' });
  await expect(languages.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await languages.getByRole('button', { name: 'Filipino' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await expect(languages.getByRole('button', { name: 'Filipino' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: 'Tungkol sa Amin' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Karera: ang numero unong online horse racing sa Pilipinas',
  );
  await expect(page).toHaveTitle('Karera: Online na Karera ng Kabayo sa Pilipinas');
  expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('fil');

  // Remembered on this device: a reload opens in Filipino at once.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await expect(page.getByRole('button', { name: 'MAG-LOGIN', exact: true })).toBeVisible();
  await expectNoRawKey(page);

  // Register: the modal, its messages and the OTP step in Filipino.
  const player = newPlayer();
  await page.getByRole('banner').getByRole('button', { name: 'Mag-register' }).click();
  const register = page.getByRole('dialog', { name: 'Mag-register' });
  await expect(register.getByLabel('Numero ng mobile')).toBeFocused();
  await register.getByRole('button', { name: 'Mag-register' }).click();
  await expect(register.getByTestId('form-error')).toHaveText('Pakisagutan ang lahat ng field.');
  await register.getByLabel('Numero ng mobile').fill(player.mobileNo);
  await register.getByLabel('Pangalan').fill(player.firstName);
  await register.getByLabel('Apelyido').fill(player.lastName);
  await register.getByLabel('Password', { exact: true }).fill(player.password);
  await register.getByLabel('Ulitin ang password').fill(player.password);
  await register.getByRole('button', { name: 'Mag-register' }).click();
  await expect(register.getByTestId('form-error')).toHaveText('Pakisang-ayunan ang mga tuntunin at kundisyon.');
  await expect(register.getByRole('link', { name: 'Mga Tuntunin at Kundisyon' })).toBeVisible();
  await expectNoRawKey(page);
  await register.getByRole('checkbox').check();
  await register.getByRole('button', { name: 'Mag-register' }).click();

  const otpDialog = page.getByRole('dialog', { name: 'Ilagay ang OTP' });
  await expect(otpDialog).toContainText('Ilagay ang 6-digit na OTP na ipinadala namin sa');
  const { code } = await readOtp(request, player.mobileNo, 'verify');
  await typeOtp(page, code);
  await expectNoRawKey(page);
  await otpDialog.getByRole('button', { name: 'I-verify' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/live');
  await expect(page.getByTestId('player-name')).toHaveText(`${player.firstName} ${player.lastName}`);
  await expect(
    page.getByRole('navigation', { name: 'Player' }).getByRole('link', { name: 'Transaksyon' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await expectNoRawKey(page);
});

test('a player switches to Filipino in the account menu and places a bet on the live screen in Filipino', async ({
  page,
  request,
}) => {
  const player = await signInAsNewPlayer(page, request);
  await adminPost(
    request,
    BackofficeRoutes.adjustments(player.playerId),
    { account: 'credit', amount: 50_000, reason: 'E2E Filipino bet' },
    { 'idempotency-key': `e2e-fil-${uniqueSuffix()}` },
  );
  const event = await createOpenRaceDay(request);
  await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
  await page.goto(`/live?event=${event.id}`);
  await expect(page.getByTestId('event-name')).toHaveText(event.name);

  // The account menu's switch turns the screen Filipino in place.
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByTestId('account-menu');
  await menu.getByRole('group', { name: 'Language / Wika' }).getByRole('button', { name: 'Filipino' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await expect(menu.getByRole('button', { name: 'Mag-sign Out' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Kasaysayan ng Transaksyon' })).toBeVisible();
  await expectNoRawKey(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'I-refresh ang balanse' }).click();
  const slip = page.getByTestId('bet-slip');
  await expect(slip.getByTestId('slip-credit')).toHaveText('₱500.00');
  await page.getByRole('button', { name: 'Tumaya kay 1 Bagyo', exact: true }).click();
  await page.getByRole('button', { name: 'Tumaya kay 2 Alon', exact: true }).click();
  await slip.getByTestId('slip-amount').fill('5');
  await expect(slip.getByTestId('slip-combinations')).toHaveText('2');
  await expect(slip.getByTestId('slip-total')).toHaveText('₱10.00');
  await expectNoRawKey(page);

  await slip.getByRole('button', { name: 'Itaya Na' }).click();
  const receipt = page.getByRole('dialog', { name: 'Resibo ng Taya' });
  await expect(receipt).toContainText('Ticket No.');
  await expect(receipt.getByTestId('receipt-total')).toHaveText('₱10.00');
  await expect(receipt.getByTestId('receipt-credit')).toHaveText('₱490.00');
  await expectNoRawKey(page);
  await receipt.getByRole('button', { name: 'OK' }).click();
  await expect(receipt).toBeHidden();

  // The how-to-bet drawer, and the bet history of the ticket, in Filipino.
  await page.getByRole('button', { name: 'Paano tumaya' }).click();
  await expect(page.getByRole('dialog', { name: 'Paano tumaya' })).toContainText('Mga hakbang');
  await expectNoRawKey(page);
  await page.keyboard.press('Escape');
  await page.goto('/history?type=bet');
  await expect(page.getByRole('tab', { name: 'Taya sa Karera' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('article').first()).toContainText('Kabuuan');
  await expectNoRawKey(page);
});

test('a player starts a deposit on the payment page in Filipino', async ({ page, request }) => {
  await signInAsNewPlayer(page, request);
  await page.addInitScript(() => window.localStorage.setItem('language', 'fil'));
  await page.goto('/payment');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await expect(page.getByRole('heading', { level: 1, name: 'Bayaran' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Mag-deposit' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('deposit-form')).toContainText('Ipadala sa');
  await expect(page.getByText(/pagkalipas ng 5 minuto/)).toBeVisible();
  await expectNoRawKey(page);

  await page.getByText('GCash', { exact: true }).click();
  await page.getByTestId('deposit-amount').fill('150');
  await page.getByTestId('deposit-sender').fill('09175550000');
  await page.getByTestId('deposit-reference').fill(`70${Date.now()}`.slice(0, 13));
  await page.getByRole('button', { name: 'I-submit ang Deposito' }).click();
  const success = page.getByRole('dialog', { name: 'Naipadala ang request' });
  await expect(success).toContainText('Pakihintay na ma-verify ng aming agent ang deposito mo.');
  await expect(success.getByTestId('payment-transaction-id')).toHaveText(/^DR\d{6}$/);
  await expectNoRawKey(page);
  await success.getByRole('button', { name: 'OK' }).click();

  await page.goto('/history?type=wallet');
  await expect(page.getByTestId('wallet-row').first().getByTestId('wallet-status')).toHaveText(/Nakabinbin/);
  await expect(page.getByRole('tab', { name: 'Wallet' })).toHaveAttribute('aria-selected', 'true');
  await expectNoRawKey(page);
  expect(await englishLabelsOn(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a player in Filipino finds the tours listed in Filipino and takes the deposit tour start to finish', async ({
  page,
  request,
}) => {
  await signInAsNewPlayer(page, request);
  await page.addInitScript(() => window.localStorage.setItem('language', 'fil'));
  await page.goto('/tutorial');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await expect(page.getByRole('heading', { level: 1, name: 'Mga Tutorial' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mga guided tour' })).toBeVisible();

  const active = page.getByTestId('tutorial-active');
  const tours = ['Palitan ang password', 'Tumaya', 'Mag-deposit', 'Mag-withdraw', 'Mag-claim ng promo', 'Rebate'];
  await expect(active).toHaveCount(tours.length);
  for (const name of tours) {
    const card = active.filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card.getByRole('link', { name: 'Simulan ang tour' })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'May mga tour pang paparating' })).toBeVisible();
  const disabled = page.getByTestId('tutorial-disabled');
  await expect(disabled).toHaveCount(4);
  for (const card of await disabled.all()) await expect(card).toContainText('Malapit na');
  await expectNoRawKey(page);

  await active
    .filter({ has: page.getByRole('heading', { name: 'Mag-deposit', exact: true }) })
    .getByRole('link', { name: 'Simulan ang tour' })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === '/tutorial-deposit');
  await expect(page.getByRole('heading', { level: 1, name: 'Tutorial: Mag-deposit' })).toBeVisible();
  await expect(page.getByText('Halimbawang screen na may halimbawang data.')).toBeVisible();
  // The sample screen reads like the Filipino deposit screen, with its sample receiver.
  const mock = page.getByTestId('tour-mock');
  await expect(mock).toContainText('Halimbawang Tatanggap');
  await expect(mock.getByText('I-submit ang Deposito', { exact: true })).toBeVisible();

  // Every step in Filipino, in order, with the tour's Filipino buttons.
  const titles = [
    'Tab na Mag-deposit',
    'Ipadala sa',
    'Account na tatanggap',
    'I-upload ang resibo',
    'Halaga',
    'Numero ng nagpadala at numero ng reference',
    'I-submit ang Deposito',
    'Naipadala ang request',
  ];
  const tooltip = page.getByTestId('tour-tooltip');
  await expect(tooltip.getByRole('button', { name: 'Bumalik' })).toBeDisabled();
  await expect(tooltip.getByRole('button', { name: 'Laktawan ang tour' })).toBeVisible();
  for (const [index, title] of titles.entries()) {
    await expect(tooltip.locator('.tour-tooltip__counter')).toHaveText(`Hakbang ${index + 1} ng ${titles.length}`);
    await expect(tooltip.locator('.tour-tooltip__title')).toHaveText(`Naka-highlight: ${title}`);
    await expectNoRawKey(page);
    if (index < titles.length - 1) await tooltip.getByRole('button', { name: 'Susunod' }).click();
  }
  await expect(tooltip.locator('.tour-tooltip__body')).toContainText('minuto');
  await expect(tooltip.getByRole('button', { name: 'Susunod' })).toHaveCount(0);
  await tooltip.getByRole('button', { name: 'Tapusin' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/tutorial');
  await expect(page.getByRole('heading', { level: 1, name: 'Mga Tutorial' })).toBeVisible();
  await expect(tooltip).toHaveCount(0);
  await expectNoRawKey(page);
});

test.describe('a browser set to Filipino', () => {
  test.use({ locale: 'fil-PH' });

  test('opens the site in Filipino; a choice of English in the menu wins from then on', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await expect(page.getByRole('button', { name: 'MAG-LOGIN', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Mga Tampok' })).toBeVisible();
    await expectNoRawKey(page);
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing stored yet: the browser's language is the default, not a choice.
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBeNull();

    // A player's bet rules follow: Tagalog.
    await signInAsNewPlayer(page, request);
    await page.goto('/betrules');
    await expect(page.getByRole('tab', { name: 'Tagalog' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('columnheader', { name: 'Minimum na Taya' })).toBeVisible();

    await page.getByRole('button', { name: 'Menu ng account' }).click();
    await page
      .getByTestId('account-menu')
      .getByRole('group', { name: 'Language / Wika' })
      .getByRole('button', { name: 'English' })
      .click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('columnheader', { name: 'Minimum Bet' })).toBeVisible();
    // The rules stay in Tagalog, the spec's default, whatever the site's language, until one is picked on the page.
    await expect(page.getByRole('tab', { name: 'Tagalog' })).toHaveAttribute('aria-selected', 'true');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Bet Rules' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Tagalog' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'English' }).click();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'English' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Key Features' })).toBeVisible();
    await expectNoRawKey(page);
  });
});

/** The labels a player reported in English on the Filipino site: none may show (text or accessible name). */
const ENGLISH_LABELS = [
  'Account',
  'Race card',
  'Scratched',
  'Credit',
  'Account number',
  'Reference number',
  'Mobile number',
  'Status',
  'Pending',
  'Bonus reward',
  'Pool table',
];

/** The listed English labels found on the page: an element's whole text, a label's or an accessible name. */
async function englishLabelsOn(page: Page): Promise<string[]> {
  return page.evaluate((labels) => {
    const wanted = new Set(labels);
    const found = new Set<string>();
    for (const node of Array.from(document.querySelectorAll('body *'))) {
      if (!(node instanceof HTMLElement) || node.closest('[lang="en"]')) continue;
      const own = (node.innerText ?? '').trim();
      if (wanted.has(own)) found.add(own);
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = node.getAttribute(name)?.trim() ?? '';
        if (wanted.has(value)) found.add(value);
      }
    }
    return [...found];
  }, ENGLISH_LABELS);
}

/** Today's open race day, with its race (for a scratch). */
async function openRaceWithRunners(request: APIRequestContext): Promise<{ event: GameEvent; race: Race }> {
  const day = raceDaySchedule(1);
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E Filipino labels ${uniqueSuffix()}`,
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
  for (const [runnerNo, horseName] of CARD) {
    ({ race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.runners(race.raceId), {
      runnerNo,
      horseName,
      jockeyName: `Jockey ${runnerNo}`,
    }));
  }
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'O' });
  return { event, race };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test.describe(`in Filipino at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('no label stays in English: live screen, payment, profile, account, promo and bet rules', async ({
      page,
      request,
    }) => {
      const player = await signInAsNewPlayer(page, request);
      await page.addInitScript(() => {
        window.localStorage.setItem('language', 'fil');
        window.localStorage.setItem('announcementDate', '2025-03-28');
      });
      const { event, race } = await openRaceWithRunners(request);
      const hangin = race.runners.find((runner) => runner.horseName === 'Hangin');
      if (!hangin) throw new Error('runner missing');
      await adminPost(request, RacingAdminRoutes.scratch(hangin.id), { scratched: true });

      // The live screen: the scratched runner, the slip's balances.
      await page.goto(`/live?event=${event.id}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
      await expect(page.getByTestId('event-name')).toHaveText(event.name);
      const hanginRow = page.getByTestId('runner').filter({ hasText: 'Hangin' });
      await expect(hanginRow.getByTestId('runner-mark')).toHaveText('Inalis');
      await expect(page.getByTestId('bet-slip')).toContainText('Kredito');
      expect(await englishLabelsOn(page)).toEqual([]);

      // Deposit and withdraw forms.
      await page.goto('/payment');
      await expect(page.getByTestId('deposit-form')).toBeVisible();
      await expect(page.getByLabel('Numero ng reference (Ref. No.)')).toBeVisible();
      expect(await englishLabelsOn(page)).toEqual([]);
      await page.goto('/payment?type=withdraw');
      await expect(page.getByLabel('Numero ng akawnt')).toBeVisible();
      expect(await englishLabelsOn(page)).toEqual([]);

      // Profile, the account page and the account menu.
      await page.goto('/profile');
      await expect(page.getByTestId('profile-balance')).toBeVisible();
      await expect(page.getByRole('main').getByText('Numero ng mobile', { exact: true }).first()).toBeAttached();
      expect(await englishLabelsOn(page)).toEqual([]);
      await page.goto('/account');
      await expect(page.getByRole('heading', { level: 1, name: 'Akawnt' })).toBeVisible();
      expect(await englishLabelsOn(page)).toEqual([]);
      await page.getByRole('button', { name: 'Menu ng account' }).click();
      await expect(page.getByTestId('account-menu')).toBeVisible();
      expect(await englishLabelsOn(page)).toEqual([]);
      await page.keyboard.press('Escape');

      // A claimed promo's history card and the bet rules' pool table.
      const claimed = await page.request.post(PromoRoutes.claim, {
        data: { promoCode: 'WELCOME', idempotencyKey: `e2e-fil-promo-${uniqueSuffix()}` },
      });
      expect(claimed.ok(), await claimed.text()).toBe(true);
      await page.goto('/promo?type=history');
      await expect(page.getByTestId('promo-claim-card').first()).toContainText('Na-claim na');
      expect(await englishLabelsOn(page)).toEqual([]);
      await page.goto('/betrules');
      await expect(page.getByRole('heading', { name: 'Talaan ng pool' })).toBeVisible();
      expect(await englishLabelsOn(page)).toEqual([]);
      expect(player.playerId).toBeGreaterThan(0);
    });

    test('the bottom nav’s Filipino labels never overlap, with the phone’s text at its default size and larger', async ({
      page,
      request,
    }) => {
      await signInAsNewPlayer(page, request);
      await page.addInitScript(() => window.localStorage.setItem('language', 'fil'));
      await page.goto('/payment');
      const nav = page.getByRole('navigation', { name: 'Player' });
      await expect(nav.getByRole('link', { name: 'Transaksyon' })).toBeVisible();
      for (const textSize of ['100%', '125%']) {
        // A phone set to larger text raises the default font size the site's rem sizes follow.
        await page.evaluate((size) => (document.documentElement.style.fontSize = size), textSize);
        const boxes = await nav.locator('.bottom-nav__link > span').evaluateAll((spans) =>
          spans.map((span) => {
            // The text's own box (a range), not the span's: text that spills out of its cell counts.
            const range = document.createRange();
            range.selectNodeContents(span);
            const text = range.getBoundingClientRect();
            const cell = span.closest('li')?.getBoundingClientRect();
            return {
              label: span.textContent ?? '',
              lines: new Set(Array.from(range.getClientRects(), (line) => Math.round(line.top))).size,
              left: text.left,
              right: text.right,
              top: text.top,
              bottom: text.bottom,
              cellLeft: cell?.left ?? 0,
              cellRight: cell?.right ?? 0,
            };
          }),
        );
        expect(boxes.map((box) => box.label)).toEqual(['Karera', 'Bayaran', 'Resulta', 'Transaksyon', 'Mga Promo']);
        for (const [index, box] of boxes.entries()) {
          // Every cell a fifth of the screen; at the default text size every label on one line.
          expect(box.cellRight - box.cellLeft, `${box.label}'s cell at ${textSize}`).toBeCloseTo(viewport.width / 5, 0);
          if (textSize === '100%') expect(box.lines, `${box.label}'s lines`).toBe(1);
          // Inside its own fifth of the screen, and on the screen.
          expect(box.left, `${box.label} at ${textSize}`).toBeGreaterThanOrEqual(box.cellLeft - 0.5);
          expect(box.right, `${box.label} at ${textSize}`).toBeLessThanOrEqual(box.cellRight + 0.5);
          expect(box.right, `${box.label} at ${textSize}`).toBeLessThanOrEqual(viewport.width);
          for (const other of boxes.slice(index + 1)) {
            // Apart by a visible gap, not merely touching.
            const apart =
              box.right + 2 <= other.left ||
              other.right + 2 <= box.left ||
              box.bottom <= other.top ||
              other.bottom <= box.top;
            expect(apart, `${box.label} / ${other.label} at ${textSize}`).toBe(true);
          }
        }
      }
    });

    test('About Us, the Terms and the Privacy Policy read in Filipino', async ({ page }) => {
      await page.addInitScript(() => window.localStorage.setItem('language', 'fil'));
      const pages = [
        { path: '/aboutus', testId: 'about-page', heading: 'Ang inaalok namin', english: 'What we offer' },
        {
          path: '/termsandconditions',
          testId: 'terms-page',
          heading: '1. Sino ang puwedeng maglaro',
          english: '1. Who may play',
        },
        {
          path: '/privacypolicy',
          testId: 'privacy-page',
          heading: '1. Impormasyong kinokolekta namin',
          english: '1. Information we collect',
        },
      ];
      for (const legal of pages) {
        await page.goto(legal.path);
        const body = page.getByTestId(legal.testId);
        await expect(body.getByRole('heading', { level: 2, name: legal.heading })).toBeVisible();
        await expect(body.getByText(legal.english)).toHaveCount(0);
        await expect(body).toContainText('Nobyembre 2026');
        await expectNoRawKey(page);
      }
      // The terms' winning-limit table and support address come with the Filipino body.
      await page.goto('/termsandconditions');
      await expect(page.getByTestId('terms-page').getByRole('table')).toBeVisible();
      await expect(page.getByTestId('terms-page').getByTestId('support-email').first()).toBeVisible();
    });
  });
}
