import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './test.ts';
import sharp from 'sharp';
import {
  ApprovalMessages,
  BackofficeRoutes,
  MasterAgentRoutes,
  RacingAdminRoutes,
  raceStartOffDayMessage,
  StaffRequestRoutes,
  type AdjustmentResponse,
  type GameEvent,
  type StaffRequestListResponse,
} from '@karera/shared';
import {
  backofficeAsSecondAdmin,
  backofficeLogin,
  createVerifiedPlayer,
  nextTotpCode,
  rememberTotp,
  secondAdminApi,
  textedEnrolmentLink,
  uniqueMobile,
  uniqueSuffix,
} from './support.ts';
import { seriousViolations } from './axe.ts';

/*
 * Back-office rules a user test found wanting, at a phone's and a desk's size: a race start off its race
 * day is refused; a master agent approved by two admins has a referral code at once; a lost sign-in is
 * answered with a new one-time link, never a password; and nobody is offered a second approval of their own.
 */

/** A back-office call made by the signed-in page itself (its staff cookie goes along): status and body. */
async function callAsStaff<T>(page: Page, url: string, body: unknown, headers: Record<string, string> = {}) {
  return page.evaluate(
    async ([target, payload, extra]) => {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...extra },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: (await response.json()) as T & { statusCode: number } };
    },
    [url, body, headers] as const,
  );
}

/** A small photo with some detail, as a phone would send. */
async function photo(hue: number): Promise<string> {
  const width = 96;
  const height = 72;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7 + hue * ((i / 288) | 0)) & 0xff;
  return (
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer()
  ).toString('base64');
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a race start off its race day is refused beside the start field, by the form and by the server', async ({
      page,
    }) => {
      await backofficeLogin(page);
      const eventName = `E2E Day Rule ${uniqueSuffix()}`;
      const created = await callAsStaff<{ event: GameEvent }>(page, RacingAdminRoutes.events, {
        name: eventName,
        arena: 'Metro Turf',
        streamUrl: '',
        raceDate: '2030-01-02',
        enabledBetTypes: [],
      });
      expect(created.status).toBe(200);
      const { event } = created.body;
      await page.goto(`/backoffice/race-day/${event.id}`);
      await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();

      // Half past midnight in Manila is the next day: the race day is the 2nd.
      const start = page.getByLabel('Start date and time (Manila)');
      await start.fill('2030-01-03T00:30');
      await page.getByRole('button', { name: 'Add race' }).click();
      const refusal = raceStartOffDayMessage('2030-01-02', '2030-01-02T16:30:00.000Z');
      expect(refusal).toContain('2030-01-03');
      await expect(start).toHaveAccessibleDescription(new RegExp(escaped(refusal ?? '')));
      await expect(start).toBeFocused();
      expect(await seriousViolations(page)).toEqual([]);
      // The server holds the same rule, whatever calls it.
      const direct = await callAsStaff(page, RacingAdminRoutes.races(event.id), {
        raceNo: 1,
        startDateTime: '2030-01-02T16:30:00.000Z',
        enabledBetTypes: [],
      });
      expect(direct.status).toBe(400);
      expect(direct.body).toMatchObject({ statusMessage: refusal, fieldErrors: { startDateTime: refusal } });

      // Half past eleven at night is still the race day.
      await start.fill('2030-01-02T23:30');
      await page.getByRole('button', { name: 'Add race' }).click();
      await expect(page.getByText('Race 1 added.')).toBeVisible();
      await expect(page.getByRole('article', { name: 'Race 1' })).toContainText('Jan 02, 2030 11:30 PM');
    });

    test('a master agent approved by two admins has a referral code; a lost sign-in gets a new link, never a password', async ({
      page,
      request,
      browser,
    }) => {
      const tag = uniqueSuffix().slice(-8);
      const applicant = {
        email: `ma.${tag}@example.com`,
        firstName: 'Lorna',
        lastName: `Cruz${tag}`,
        username: `lorna.${tag}`,
        mobile: uniqueMobile(),
        telegram: `@lorna_${tag}`,
      };
      const applied = await request.post(MasterAgentRoutes.apply, {
        data: {
          ...applicant,
          selfie: `data:image/jpeg;base64,${await photo(3)}`,
          govId: await photo(11),
          idempotencyKey: randomUUID(),
        },
      });
      expect(applied.ok(), await applied.text()).toBe(true);

      // A first admin approves in the back office; another, independent admin approves the account.
      await backofficeLogin(page);
      const origin = new URL(page.url()).origin;
      await page.goto('/backoffice/master-agent-applications');
      await page.getByRole('row').filter({ hasText: applicant.username }).getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1, name: /Application \d+/ })).toBeVisible();
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByTestId('application-decision-dialog').getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByTestId('application-waiting')).toBeVisible();
      const second = await secondAdminApi(origin);
      const list = (await (await second.get(StaffRequestRoutes.requests)).json()) as StaffRequestListResponse;
      const waiting = list.requests.find((item) => item.username === applicant.username);
      if (!waiting) throw new Error('no staff request for the application');
      expect((await second.post(StaffRequestRoutes.approve(waiting.id), { data: {} })).ok()).toBe(true);
      const firstLink = await textedEnrolmentLink(origin, applicant.mobile);

      // The application names the account and the referral code it got at that approval.
      await page.reload();
      const fields = page.getByTestId('application-fields');
      await expect(fields.getByTestId('application-status')).toHaveText('Approved');
      const prefix = applicant.username.toUpperCase().replace(/[^A-Z0-9]/g, '');
      const codeRow = fields.locator('.bo-fields__row').filter({ hasText: 'Referral code' });
      await expect(codeRow.locator('dd')).toHaveText(new RegExp(`^${prefix.slice(0, 8)}[A-HJKMNP-Z2-9]{4}$`));
      const code = (await codeRow.locator('dd').textContent()) ?? '';

      // A lost sign-in: the admin sends a new one-time link. No password is set, shown or texted.
      await page.getByRole('button', { name: 'Send new sign-in link' }).click();
      const dialog = page.getByTestId('application-decision-dialog');
      await expect(dialog).toContainText('Nobody here sees a password.');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      const masked = `${applicant.mobile.slice(0, 4)} ••• ${applicant.mobile.slice(-4)}`;
      await expect(page.getByTestId('decision-result')).toHaveText(`A new sign-in link was sent by SMS to ${masked}.`);
      let link = firstLink;
      await expect
        .poll(async () => {
          link = await textedEnrolmentLink(origin, applicant.mobile);
          return link;
        })
        .not.toBe(firstLink);

      // The outbox page shows the two links' texts, their tokens blanked, and no password.
      await page.goto(`/backoffice/otp-outbox?q=${applicant.mobile}`);
      const rows = page.getByRole('row').filter({ hasText: applicant.mobile });
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText('staff-enrolment');
      for (const text of await rows.allTextContents()) {
        expect(text.toLowerCase()).not.toContain('password');
        expect(text).not.toContain(new URL(link).hash.slice(1));
      }
      await page.getByRole('button', { name: 'Log out' }).first().click();

      // The old link is spent; the new one sets the master agent's own password and authenticator.
      const spent = await browser.newPage({ viewport });
      await spent.goto(firstLink);
      await expect(spent.getByRole('alert')).toBeVisible();
      await spent.close();
      const phone = await browser.newPage({ viewport });
      await phone.goto(link);
      const secret = await phone.getByTestId('enrolment-secret').getAttribute('data-secret');
      if (!secret) throw new Error('no secret on the enrolment page');
      rememberTotp(origin, applicant.username, secret);
      const password = 'lorna-own-password-1';
      await phone.getByLabel('New password', { exact: true }).fill(password);
      await phone.getByLabel('New password again').fill(password);
      await phone.getByLabel('Code from the app').fill(await nextTotpCode(origin, applicant.username));
      await phone.getByRole('button', { name: 'Set up sign-in' }).click();
      await expect(phone.getByRole('heading', { level: 1, name: 'Your sign-in is set up' })).toBeVisible();
      await backofficeLogin(phone, applicant.username, password);
      // The new master agent can recruit at once: their referral link carries the code.
      await phone.goto('/backoffice/agents');
      await expect(phone.getByTestId('referral-link')).toContainText(code);
      await expect(phone.getByText('Ask an admin to set one')).toHaveCount(0);
      await phone.close();
    });

    test('an admin is not offered the second approval of their own adjustment; another admin is', async ({
      page,
      request,
      browser,
    }) => {
      const player = await createVerifiedPlayer(request);
      await backofficeLogin(page);
      // Above the threshold (₱10,000): it waits for a second admin.
      const asked = await callAsStaff<AdjustmentResponse>(
        page,
        BackofficeRoutes.adjustments(player.playerId),
        { account: 'credit', amount: 2_000_000, reason: `E2E own approval ${uniqueSuffix()}` },
        { 'idempotency-key': `e2e-${uniqueSuffix()}` },
      );
      expect(asked.body).toMatchObject({ statusCode: 200, status: 'PENDING' });
      const heading = `Adjustment #${asked.body.adjustmentId}`;

      await page.goto('/backoffice/payments');
      const mine = page.getByTestId('pending-adjustment').filter({ hasText: heading });
      const approve = mine.getByRole('button', { name: 'Give second approval' });
      await expect(approve).toBeDisabled();
      await expect(approve).toHaveAccessibleDescription(ApprovalMessages.sameApprover);
      // Declining (withdrawing) their own request stays open to them.
      await expect(mine.getByRole('button', { name: 'Decline' })).toBeEnabled();
      expect(await seriousViolations(page)).toEqual([]);

      const other = await browser.newPage({ viewport });
      await backofficeAsSecondAdmin(other, '/backoffice/payments');
      const theirs = other.getByTestId('pending-adjustment').filter({ hasText: heading });
      await expect(theirs.getByRole('button', { name: 'Give second approval' })).toBeEnabled();
      await expect(theirs.getByTestId('adjustment-second-approval-refused')).toHaveCount(0);
      await other.close();
    });
  });
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
