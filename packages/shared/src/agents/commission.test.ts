import { describe, expect, it } from 'vitest';
import {
  agentReportQuerySchema,
  agentReportWindow,
  commissionPeriodOf,
  commissionRateSchema,
  referralLink,
  ticketCommissionShares,
  type ChainLink,
} from './commission.ts';

const link = (staffId: number, basis: 'turnover' | 'ngr', rateBps: number): ChainLink => ({
  staffId,
  rate: { basis, rateBps },
});

describe('ticketCommissionShares', () => {
  it('pays each upline its own rate less the highest below it (three levels, turnover)', () => {
    // Stake ₱100.00 = 10,000 centavos. Sub-agent 2 %: 200. Agent 3 % - 2 % = 1 %: 100. Master 5 % - 3 % = 2 %: 200.
    const shares = ticketCommissionShares(
      [link(3, 'turnover', 200), link(2, 'turnover', 300), link(1, 'turnover', 500)],
      {
        total: 10_000,
        refund: 0,
        won: 0,
      },
    );
    expect(shares.map((s) => [s.staffId, s.rateBps, s.amount])).toEqual([
      [3, 200, 200],
      [2, 100, 100],
      [1, 200, 200],
    ]);
  });

  it('never pays an upline a negative rate; the one above counts from the highest rate below', () => {
    // Sub-agent 4 %, agent 3 % (earns 0), master 5 %: 5 % - 4 % = 1 %.
    const shares = ticketCommissionShares(
      [link(3, 'turnover', 400), link(2, 'turnover', 300), link(1, 'turnover', 500)],
      {
        total: 10_000,
        refund: 0,
        won: 0,
      },
    );
    expect(shares.map((s) => [s.staffId, s.amount])).toEqual([
      [3, 400],
      [1, 100],
    ]);
  });

  it('rounds down to the centavo: the house keeps the fraction, also of a clawback', () => {
    // Turnover 333 at 1.5 %: 4.995 -> 4. NGR of a winner: 333 - 1,000 = -667 at 30 %: -200.1 -> -201.
    expect(ticketCommissionShares([link(1, 'turnover', 150)], { total: 333, refund: 0, won: 0 })[0]?.amount).toBe(4);
    expect(ticketCommissionShares([link(1, 'ngr', 3_000)], { total: 333, refund: 0, won: 1_000 })[0]?.amount).toBe(
      -201,
    );
  });

  it('counts only the stake that rode, and a fully refunded ticket earns nothing', () => {
    expect(ticketCommissionShares([link(1, 'turnover', 500)], { total: 10_000, refund: 10_000, won: 0 })).toEqual([]);
    expect(
      ticketCommissionShares([link(1, 'turnover', 500)], { total: 10_000, refund: 4_000, won: 0 })[0],
    ).toMatchObject({
      base: 6_000,
      amount: 300,
    });
  });

  it('keeps the bases apart and skips links without a rate', () => {
    // NGR of a losing ₱50 ticket is 5,000; agent on NGR 20 %: 1,000; master on turnover 1 %: 50.
    const shares = ticketCommissionShares(
      [link(3, 'ngr', 2_000), { staffId: 2, rate: null }, link(1, 'turnover', 100)],
      {
        total: 5_000,
        refund: 0,
        won: 0,
      },
    );
    expect(shares.map((s) => [s.staffId, s.basis, s.amount])).toEqual([
      [3, 'ngr', 1_000],
      [1, 'turnover', 50],
    ]);
  });
});

describe('periods and validation', () => {
  it('puts an instant in its Manila day, Monday week and month', () => {
    // 2026-11-29T16:30Z is Monday 30 November 00:30 in Manila.
    expect(commissionPeriodOf('2026-11-29T16:30:00.000Z', 'day')).toBe('2026-11-30');
    expect(commissionPeriodOf('2026-11-29T16:30:00.000Z', 'week')).toBe('2026-11-30');
    expect(commissionPeriodOf('2026-11-29T15:30:00.000Z', 'week')).toBe('2026-11-23');
    expect(commissionPeriodOf('2026-11-30T16:00:00.000Z', 'month')).toBe('2026-12-01');
    expect(agentReportWindow('2026-11-01', '2026-11-30')).toEqual({
      start: '2026-10-31T16:00:00.000Z',
      end: '2026-11-30T16:00:00.000Z',
    });
  });

  it('refuses rates out of range for their basis, fractions, strings and unknown fields', () => {
    expect(commissionRateSchema.safeParse({ basis: 'turnover', rateBps: 1_000 }).success).toBe(true);
    expect(commissionRateSchema.safeParse({ basis: 'turnover', rateBps: 1_001 }).success).toBe(false);
    expect(commissionRateSchema.safeParse({ basis: 'ngr', rateBps: 5_000 }).success).toBe(true);
    expect(commissionRateSchema.safeParse({ basis: 'ngr', rateBps: -1 }).success).toBe(false);
    expect(commissionRateSchema.safeParse({ basis: 'ngr', rateBps: 12.5 }).success).toBe(false);
    expect(commissionRateSchema.safeParse({ basis: 'ngr', rateBps: '100' }).success).toBe(false);
    expect(commissionRateSchema.safeParse({ basis: 'ngr', rateBps: 1, extra: 1 }).success).toBe(false);
    expect(agentReportQuerySchema.safeParse({ from: '2026-11-02', to: '2026-11-01' }).success).toBe(false);
    expect(agentReportQuerySchema.safeParse({ from: '2025-01-01', to: '2026-11-01' }).success).toBe(false);
  });

  it('builds the referral link on the landing page', () => {
    expect(referralLink('https://karera.ph/', 'AGENT7')).toBe('https://karera.ph/?r=AGENT7');
  });
});
