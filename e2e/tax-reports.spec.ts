import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from './test.ts';
import {
  BackofficeRoutes,
  BettingRoutes,
  formatPeso,
  RacingAdminRoutes,
  ReportRoutes,
  TaxReportRoutes,
  ToteAdminRoutes,
  type BetReceipt,
  type TaxCertificateResponse,
  type TaxReportResponse,
} from '@karera/shared';
import {
  adminApiLogin,
  adminPost,
  backofficeLogin,
  createVerifiedPlayer,
  manilaToday,
  signInAsNewPlayer,
  uniqueSuffix,
} from './support.ts';
import { pdfText } from '../apps/server/test/pdf-text.ts';
import { seriousViolations } from './axe.ts';
import { goToBackofficeSection } from './backofficeNav.ts';
import { createRaceDay } from './raceDay.ts';

/**
 * The tax reports (decision 039, amended for EO 194 and PD 1157): a race of this test's own race day, bet
 * on and settled, puts its pool's shares on the report per event and its stamp tax and winnings tax on the
 * day's row; the admin downloads the per-event CSV and the winner's certificate of tax withheld. Other
 * specs' races may share the day: this one reads its own event's row, and its winner's certificate.
 */

/** A race settled today whose winner is a new player: signed in on `page` too, when one is given. */
async function settledRaceToday(request: APIRequestContext, page?: Page) {
  const { races, ...event } = await createRaceDay(request, { label: 'Taxes', raceCount: 1, enabledBetTypes: [] });
  const race = races[0];
  if (!race) throw new Error('The race day has no race.');
  // The winner: ₱25 on 1 against ₱15 on 2 pays more than the stake back, so tax is withheld from it.
  const winner = page ? await signInAsNewPlayer(page, request) : await createVerifiedPlayer(request);
  await adminPost(
    request,
    BackofficeRoutes.adjustments(winner.playerId),
    { account: 'credit', amount: 10_000, reason: 'E2E tax report funding' },
    { 'idempotency-key': `e2e-taxes-${uniqueSuffix()}` },
  );
  for (const [runner, amount] of [
    [1, 2_500],
    [2, 1_500],
  ] as const) {
    const placed = await request.post(BettingRoutes.placeBet, {
      data: {
        raceId: race.raceId,
        eventId: event.id,
        betType: 'W',
        selections: [[runner]],
        amount,
        useBonus: false,
        idempotencyKey: `e2e-taxes-bet-${uniqueSuffix()}`,
      },
    });
    const receipt = (await placed.json()) as BetReceipt;
    expect(receipt.statusCode, JSON.stringify(receipt)).toBe(200);
  }
  await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'C' });
  await adminPost(request, ToteAdminRoutes.confirmResult(race.raceId), {
    finish: [[1], [2], [3]],
    idempotencyKey: `e2e-taxes-result-${uniqueSuffix()}`,
  });
  return { event, winner };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the admin reads the tax report, downloads its CSV and a player’s certificate of tax withheld', async ({
      page,
      request,
    }) => {
      const { event, winner } = await settledRaceToday(request);
      const today = manilaToday();
      const year = today.slice(0, 4);
      // The report's own figures for our event, read through the API, and the winner's certificate.
      await adminApiLogin(request);
      const report = (await (
        await request.get(`${ReportRoutes.taxes}?from=${today}&to=${today}`)
      ).json()) as TaxReportResponse;
      const ours = report.events.find((row) => row.eventId === event.id);
      expect(ours, JSON.stringify(report)).toBeDefined();
      expect(ours!.franchiseCommission).toBeGreaterThan(0);
      const { certificate } = (await (
        await request.get(
          TaxReportRoutes.certificate.replace(':playerId', String(winner.playerId)).replace(':year', year),
        )
      ).json()) as TaxCertificateResponse;
      expect(certificate.totals.winningsTax).toBeGreaterThan(0);

      await backofficeLogin(page);
      await goToBackofficeSection(page, 'Reports');
      await page.getByRole('navigation', { name: 'Report' }).getByRole('link', { name: 'Taxes' }).click();
      await expect(page).toHaveURL(/\/backoffice\/reports\/taxes/);
      await expect(page.getByRole('heading', { level: 2, name: 'Taxes per day' })).toBeVisible();
      // Today only: the range is kept in the address.
      const range = page.getByRole('form', { name: 'Date range (Manila days)' });
      await range.getByLabel('From').fill(today);
      await range.getByLabel('To').fill(today);
      await range.getByRole('button', { name: 'Show' }).click();
      await expect(page).toHaveURL(new RegExp(`/backoffice/reports/taxes\\?from=${today}&to=${today}$`));

      // Today's taxes, and our event's shares of its pool.
      const dayRow = page
        .getByRole('table', { name: 'Stamp tax and winnings tax per Manila day' })
        .getByRole('row')
        .filter({ hasText: today });
      await expect(dayRow).toHaveCount(1);
      const eventRow = page
        .getByRole('table', { name: 'Shares of the pools per event' })
        .getByRole('row')
        .filter({ hasText: event.name });
      await expect(eventRow).toHaveCount(1);
      for (const amount of [ours!.franchiseCommission, ours!.prizeFund, ours!.regulatorShare]) {
        await expect(eventRow).toContainText(formatPeso(amount));
      }
      const months = page.getByRole('table', { name: 'Stamp tax and winnings tax per Manila month' });
      for (const month of ['01', '12']) {
        await expect(months.getByRole('row').filter({ hasText: `${year}-${month}` })).toHaveCount(1);
      }
      expect(await seriousViolations(page)).toEqual([]);

      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV (per event)' }).click(),
      ]);
      expect(csvDownload.suggestedFilename()).toBe(`karera-report-shares-per-event-${today}-to-${today}.csv`);
      const csv = (await readFile((await csvDownload.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
      expect(csv[0]).toBe(
        'Day,Event,Franchise commission (PHP),Prize fund (PHP),Regulator share (PHP),Single takeout (PHP)',
      );
      const pesos = (centavos: number) => (centavos / 100).toFixed(2);
      expect(csv).toContain(
        [
          ours!.day,
          event.name,
          pesos(ours!.franchiseCommission),
          pesos(ours!.prizeFund),
          pesos(ours!.regulatorShare),
          pesos(ours!.legacyTakeout),
        ].join(','),
      );
      await expect(page.getByRole('status').filter({ hasText: 'Downloaded karera-report-shares' })).toBeVisible();

      // The winner's certificate: picked by player ID and year, shown, then downloaded as a PDF.
      const form = page.getByRole('form', { name: 'Certificate of tax withheld' });
      await form.getByLabel('Player ID').fill('x1');
      await form.getByRole('button', { name: 'Show certificate' }).click();
      await expect(form.getByRole('alert')).toHaveText('Enter the player ID: digits only.');
      await form.getByLabel('Player ID').fill(String(winner.playerId));
      await form.getByLabel('Year').selectOption(year);
      await form.getByRole('button', { name: 'Show certificate' }).click();
      const shown = page.getByTestId('tax-certificate');
      await expect(shown).toContainText(`${winner.firstName} ${winner.lastName} (#${winner.playerId})`);
      await expect(shown).toContainText(winner.mobileNo);
      await expect(shown).toContainText(formatPeso(certificate.totals.winningsTax));
      for (const link of ['Download PDF (English)', 'Download PDF (Filipino)']) {
        const [pdf] = await Promise.all([
          page.waitForEvent('download'),
          shown.getByRole('link', { name: link }).click(),
        ]);
        expect(pdf.suggestedFilename()).toBe(`karera-tax-certificate-${year}.pdf`);
        const bytes = await readFile((await pdf.path())!);
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
      }
    });

    test('the player downloads their own certificate of tax withheld from the statement, in English and Filipino', async ({
      page,
      request,
    }) => {
      const { winner } = await settledRaceToday(request, page);
      const year = manilaToday().slice(0, 4);
      // What the certificate must say: the player's own tickets' tax, as their session reads it.
      const { certificate } = (await (
        await page.request.get(TaxReportRoutes.ownCertificate.replace(':year', year))
      ).json()) as TaxCertificateResponse;
      expect(certificate.player.id).toBe(winner.playerId);
      expect(certificate.totals.winningsTax).toBeGreaterThan(0);

      for (const [language, link, title] of [
        ['en', `Tax withheld certificate ${year} (PDF)`, 'Certificate of tax withheld on winnings'],
        ['fil', `Sertipiko ng buwis na kinaltas ${year} (PDF)`, 'Sertipiko ng buwis na kinaltas sa panalo'],
      ] as const) {
        await page.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
        await page.goto('/statement');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const [pdf] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: link }).click(),
        ]);
        expect(pdf.suggestedFilename()).toBe(`karera-tax-certificate-${year}.pdf`);
        const text = pdfText(await readFile((await pdf.path())!));
        expect(text).toContain(title);
        expect(text).toContain(`${winner.firstName} ${winner.lastName} (#${winner.playerId})`);
        expect(text).toContain(formatPeso(certificate.totals.winningsTax));
      }
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
