import { expect, test, type Locator, type Page } from './test.ts';
import { PromoMessages, ResponsibleGamingRoutes } from '@karera/shared';
import { signInAsNewPlayer, uniqueMobile } from './support.ts';

/**
 * The small texts that misled players, at a phone's width and a desktop's, in English and Filipino:
 * the forgot-password step never claims an SMS went to a number that may have no account; the promo
 * claim popup says what the claim paid now and the balances after it, from the claim's answer; and
 * during a break the promo list says why there are no promos, and until when.
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const LANGUAGES = {
  en: {
    login: 'Login',
    loginTitle: 'Login',
    forgot: 'Forgot password?',
    forgotTitle: 'Forgot password',
    mobile: 'Mobile number',
    send: 'Send OTP',
    resetTitle: 'Reset password',
    wording: 'If this number has an account, we sent it an OTP',
    claimed: 'Enter the 6-digit OTP we sent',
    breakReason: /No promos during your cool-off\. They are closed until .+ \(Manila time\)\./,
  },
  fil: {
    login: 'Mag-login',
    loginTitle: 'Mag-login',
    forgot: 'Nakalimutan ang password?',
    forgotTitle: 'Nakalimutan ang password',
    mobile: 'Numero ng mobile',
    send: 'Ipadala ang OTP',
    resetTitle: 'I-reset ang password',
    wording: 'Kung may akawnt ang numerong ito, pinadalhan namin ito ng OTP',
    claimed: 'Ilagay ang OTP na ipinadala namin',
    breakReason: /Walang promo habang naka-cool-off ka\. Sarado ang mga ito hanggang .+ \(oras sa Maynila\)\./,
  },
} as const;

function promoCard(page: Page, code: string): Locator {
  return page.locator(`[data-testid="promo-card"][data-code="${code}"]`);
}

async function claimThroughCard(page: Page, code: string): Promise<Locator> {
  await promoCard(page, code).getByRole('button', { name: 'Claim Promo' }).click();
  const sheet = page.getByTestId('promo-confirm');
  await sheet.getByRole('button', { name: 'Claim', exact: true }).click();
  const success = page.getByTestId('promo-success');
  await expect(success).toContainText(PromoMessages.claimed);
  return success;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    for (const [language, texts] of Object.entries(LANGUAGES)) {
      test(`forgot password for a number without an account goes on without claiming an SMS was sent (${language})`, async ({
        page,
      }) => {
        await page.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await page.getByRole('banner').getByRole('button', { name: texts.login, exact: true }).click();
        const login = page.getByRole('dialog', { name: texts.loginTitle });
        await login.getByRole('button', { name: texts.forgot }).click();
        const forgot = page.getByRole('dialog', { name: texts.forgotTitle });
        await forgot.getByLabel(texts.mobile).fill(uniqueMobile());
        await forgot.getByRole('button', { name: texts.send }).click();

        // The same next step as for a known number, in words that hold either way.
        const reset = page.getByRole('dialog', { name: texts.resetTitle });
        await expect(reset).toContainText(texts.wording);
        await expect(reset).not.toContainText(texts.claimed);
      });
    }

    test('the rebate claim popup shows what the claim paid now and the bonus balance after it, from the answer', async ({
      page,
      request,
    }) => {
      await signInAsNewPlayer(page, request);
      await page.goto('/promo');

      // The welcome bonus pays ₱100.00 now: the popup says so, and the bonus balance after it.
      const welcome = await claimThroughCard(page, 'WELCOME');
      await expect(welcome.getByTestId('promo-success-reward')).toHaveText('₱100.00');
      await expect(welcome.getByTestId('promo-success-bonus')).toHaveText('₱100.00');
      await welcome.getByRole('button', { name: 'OK' }).click();

      // The rebate pays nothing now: the ₱100.00 is the balance as the claim left it, named as such.
      const rebate = await claimThroughCard(page, 'REBATE5');
      await expect(rebate.getByTestId('promo-success-name')).toHaveText('Rebate 5%');
      await expect(rebate.getByTestId('promo-success-reward')).toHaveText(
        'None now: paid as bonus on your settled bets',
      );
      await expect(rebate.getByText('Bonus balance now', { exact: true })).toBeVisible();
      await expect(rebate.getByTestId('promo-success-bonus')).toHaveText('₱100.00');
      await expect(rebate).not.toContainText('Promo Balance');
      await rebate.getByRole('button', { name: 'OK' }).click();
    });

    test('during a cool-off the promo list says why there are no promos and until when, in both languages', async ({
      page,
      request,
    }) => {
      await signInAsNewPlayer(page, request);
      const started = await page.request.post(ResponsibleGamingRoutes.startBreak, {
        data: { period: 'coolOff24h', confirm: true },
      });
      expect(started.ok(), await started.text()).toBe(true);

      await page.goto('/promo');
      await expect(page.getByTestId('promo-empty')).toHaveText(LANGUAGES.en.breakReason);
      await expect(page.getByTestId('promo-empty')).not.toHaveText('No Promo available to display');

      await page.evaluate(() => window.localStorage.setItem('language', 'fil'));
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
      await expect(page.getByTestId('promo-empty')).toHaveText(LANGUAGES.fil.breakReason);
    });
  });
}
