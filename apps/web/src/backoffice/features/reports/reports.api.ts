import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ReportOperations, type GamingGroup, type ReportRange } from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';

const ROOT = ['backoffice', 'reports'] as const;

const query = (range: ReportRange, extra: Record<string, string> = {}) =>
  new URLSearchParams({ from: range.from, to: range.to, ...extra }).toString();

export function useGamingReport(range: ReportRange, by: GamingGroup, enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'gaming', by, range],
    queryFn: ({ signal }) => callOperation(ReportOperations.gamingReport, { query: query(range, { by }), signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePaymentReport(range: ReportRange, enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'payments', range],
    queryFn: ({ signal }) => callOperation(ReportOperations.paymentReport, { query: query(range), signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePromotionReport(range: ReportRange, enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'promotions', range],
    queryFn: ({ signal }) => callOperation(ReportOperations.promotionReport, { query: query(range), signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTaxReport(range: ReportRange, enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'taxes', range],
    queryFn: ({ signal }) => callOperation(ReportOperations.taxReport, { query: query(range), signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTaxMonths(year: string) {
  return useQuery({
    queryKey: [...ROOT, 'tax-months', year],
    queryFn: ({ signal }) =>
      callOperation(ReportOperations.taxMonths, { query: new URLSearchParams({ year }).toString(), signal }),
    placeholderData: keepPreviousData,
  });
}

/** A player's certificate of tax withheld, once a player and a year are chosen. */
export function useTaxCertificate(choice: { playerId: number; year: string } | null) {
  return useQuery({
    queryKey: [...ROOT, 'tax-certificate', choice],
    queryFn: ({ signal }) =>
      callOperation(ReportOperations.taxCertificate, {
        params: { playerId: choice?.playerId ?? 0, year: choice?.year ?? '' },
        signal,
      }),
    enabled: choice !== null,
  });
}
