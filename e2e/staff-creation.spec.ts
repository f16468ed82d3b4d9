import { expect, test } from './test.ts';
import { BackofficeMessages, StaffRequestMessages } from '@karera/shared';
import { seriousViolations } from './axe.ts';
import { goToBackofficeSection } from './backofficeNav.ts';
import {
  backofficeAsSecondAdmin,
  backofficeLogin,
  nextTotpCode,
  rememberTotp,
  textedEnrolmentLink,
  uniqueMobile,
  uniqueSuffix,
} from './support.ts';

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`staff creation under two admins on a ${name} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });

    test('an admin asks for a master agent, the second admin approves, and the new master agent enrols through the texted link', async ({
      page,
      browser,
    }) => {
      const tag = uniqueSuffix();
      const master = {
        username: `ma-${tag}`,
        displayName: `Master ${tag}`,
        creatorPassword: 'creator-chose-this-1',
        ownPassword: 'my-own-password-1',
        mobileNo: uniqueMobile(),
      };

      // 1. An admin asks for a master agent: only a request, waiting for a second admin.
      await backofficeLogin(page);
      const origin = new URL(page.url()).origin;
      await goToBackofficeSection(page, 'Staff');
      await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
      await page.getByLabel('Role').selectOption('master_agent');
      await page.getByRole('button', { name: 'Create staff member' }).click();
      // Each missing field says what it needs, the number included.
      await expect(page.getByLabel('Mobile number', { exact: true })).toHaveAccessibleDescription(
        /Enter the staff member's own mobile number/,
      );
      await page.getByLabel('Username').fill(master.username);
      await page.getByLabel('Display name').fill(master.displayName);
      await page.getByLabel('Password').fill(master.creatorPassword);
      await page.getByLabel('Mobile number', { exact: true }).fill(master.mobileNo);
      await page.getByRole('button', { name: 'Create staff member' }).click();
      await expect(
        page.getByText(
          `The request to create ${master.username} waits for a second, independent admin: another admin approves it under Staff requests.`,
        ),
      ).toBeVisible();
      const request = page.getByTestId('staff-request').filter({ hasText: master.username });
      await expect(request).toContainText(`Number: ${master.mobileNo}`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Approving their own request is not offered: the button is disabled, with the server's reason.
      const ownApproval = request.getByRole('button', { name: /^Approve request \d+$/ });
      await expect(ownApproval).toBeDisabled();
      await expect(ownApproval).toHaveAccessibleDescription(StaffRequestMessages.ownRequest);

      // 2. The second founding admin approves it on their own staff page.
      const secondContext = await browser.newContext({ viewport });
      const secondPage = await secondContext.newPage();
      await backofficeAsSecondAdmin(secondPage, '/backoffice/staff');
      const waiting = secondPage.getByTestId('staff-request').filter({ hasText: master.username });
      await waiting.getByRole('button', { name: /^Approve request \d+$/ }).click();
      await expect(secondPage.getByText(/A one-time sign-in link was texted to the new staff member\./)).toBeVisible();
      await expect(waiting).toHaveCount(0);
      await expect(secondPage.getByRole('rowheader', { name: new RegExp(`${master.username}$`) })).toBeVisible();
      await secondContext.close();

      // 3. The new master agent opens the link from the SMS on their phone: the creator's password is not asked.
      const link = await textedEnrolmentLink(origin, master.mobileNo);
      expect(new URL(link).pathname).toBe('/backoffice/staff-enrolment');
      const phone = await browser.newContext({ viewport });
      const own = await phone.newPage();
      await own.goto(link);
      await expect(own.getByRole('heading', { level: 1, name: 'Set up your back-office sign-in' })).toBeVisible();
      await expect(own.getByTestId('enrolment-account')).toHaveText(
        `Account: ${master.displayName} (${master.username})`,
      );
      // The token is taken off the address at once: it stays in no history entry.
      await expect.poll(() => new URL(own.url()).hash).toBe('');
      await expect(own.getByRole('img', { name: 'QR code to add Karera to your authenticator app' })).toBeVisible();
      expect(await seriousViolations(own)).toEqual([]);

      // Mistakes are named by their fields, and the field takes the focus.
      await own.getByLabel('New password', { exact: true }).fill(master.ownPassword);
      await own.getByLabel('New password again').fill('something-else-1');
      await own.getByLabel('Code from the app').fill('123456');
      await own.getByRole('button', { name: 'Set up sign-in' }).click();
      await expect(own.getByLabel('New password again')).toBeFocused();
      await expect(own.getByLabel('New password again')).toHaveAccessibleDescription(
        StaffRequestMessages.passwordsDiffer,
      );
      await own.getByLabel('New password again').fill(master.ownPassword);
      await own.getByLabel('Code from the app').fill('12');
      await own.getByRole('button', { name: 'Set up sign-in' }).click();
      await expect(own.getByLabel('Code from the app')).toBeFocused();
      await expect(own.getByLabel('Code from the app')).toHaveAccessibleDescription(
        new RegExp(StaffRequestMessages.codeFormat),
      );
      expect(await seriousViolations(own)).toEqual([]);

      const secret = await own.getByTestId('enrolment-secret').getAttribute('data-secret');
      if (!secret) throw new Error('no secret on the enrolment page');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      rememberTotp(origin, master.username, secret);
      await own.getByLabel('Code from the app').fill(await nextTotpCode(origin, master.username));
      await own.getByRole('button', { name: 'Set up sign-in' }).click();

      await expect(own.getByRole('heading', { level: 1, name: 'Your sign-in is set up' })).toBeFocused();
      await expect(own.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
      expect(await seriousViolations(own)).toEqual([]);
      expect(await own.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // The link was for one use only (opened afresh: a fragment alone would not load the page again).
      await own.goto('about:blank');
      await own.goto(link);
      await expect(own.getByTestId('enrolment-refused')).toHaveText(StaffRequestMessages.linkInvalid);

      // 4. They sign in with their own password and a code; the creator's password no longer works.
      await own.goto('/backoffice');
      await own.getByLabel('Username').fill(master.username);
      await own.getByLabel('Password').fill(master.creatorPassword);
      await own.getByRole('button', { name: 'Log in' }).click();
      await expect(own.getByText(BackofficeMessages.invalidLogin)).toBeVisible();
      await backofficeLogin(own, master.username, master.ownPassword);
      await expect(own.getByText(`Signed in as ${master.displayName}`)).toBeVisible();
      await expect(own.locator('.bo-role')).toHaveText('Master agent');
      await phone.close();
    });
  });
}
