import { describe, expect, it } from 'vitest';
import { taxCertificatePdfUrl } from '../api/operations/reports.ts';
import {
  currentManilaYear,
  monthsOfYear,
  playerCertificateParams,
  TAX_CERTIFICATE_TEXTS,
  TaxReportMessages,
  taxYearQuery,
} from './taxes.ts';

describe('the tax reports', () => {
  it('takes a year of four digits, not later than the current Manila year, and nothing else', () => {
    const year = String(currentManilaYear());
    expect(taxYearQuery.parse({ year })).toEqual({ year });
    expect(taxYearQuery.safeParse({ year: '2020' }).success).toBe(true);
    for (const bad of ['26', '02026', '0999', '2026.0', ' 2026', 'abcd', '']) {
      const result = taxYearQuery.safeParse({ year: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(TaxReportMessages.yearInvalid);
    }
    const future = taxYearQuery.safeParse({ year: String(currentManilaYear() + 1) });
    expect(future.error?.issues[0]?.message).toBe(TaxReportMessages.yearInFuture);
    expect(taxYearQuery.safeParse({ year, playerId: '1' }).success).toBe(false);
    expect(taxYearQuery.safeParse({ year: 2026 }).success).toBe(false);
  });

  it('counts the Manila year: 1 January 00:30 in Manila is already the new year', () => {
    expect(currentManilaYear(new Date('2026-12-31T16:30:00.000Z'))).toBe(2027);
    expect(currentManilaYear(new Date('2026-12-31T15:30:00.000Z'))).toBe(2026);
  });

  it('names a player by id in digits only', () => {
    expect(playerCertificateParams.parse({ playerId: '12', year: '2025' })).toEqual({ playerId: 12, year: '2025' });
    expect(playerCertificateParams.safeParse({ playerId: '012', year: '2025' }).success).toBe(false);
  });

  it('lists the twelve months and addresses the PDF', () => {
    expect(monthsOfYear('2026')).toHaveLength(12);
    expect(monthsOfYear('2026')[0]).toBe('2026-01');
    expect(monthsOfYear('2026')[11]).toBe('2026-12');
    expect(taxCertificatePdfUrl('2026', 7, 'fil')).toBe('/api/backoffice/reports/tax-certificates/7/2026/pdf?lang=fil');
    expect(taxCertificatePdfUrl('2026')).toBe('/api/tax-certificates/2026/pdf');
  });

  it('has the certificate in English and Filipino, every word in both', () => {
    const { en, fil } = TAX_CERTIFICATE_TEXTS;
    expect(Object.keys(fil).sort()).toEqual(Object.keys(en).sort());
    expect(fil.monthNames).toHaveLength(12);
    expect(en.monthNames).toHaveLength(12);
    expect(fil.title).not.toBe(en.title);
    expect(fil.statement('Karera', '2026')).toContain('2026');
  });
});
