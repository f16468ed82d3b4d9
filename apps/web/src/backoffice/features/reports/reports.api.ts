import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ReportRoutes,
  type GamingGroup,
  type GamingReportResponse,
  type PaymentReportResponse,
  type PromotionReportResponse,
  type ReportRange,
  type TaxCertificateResponse,
  type TaxMonthsResponse,
  type TaxReportResponse,
  TaxReportRoutes,
} from '@karera/shared';
import { apiRequest } from '../../../lib/api.ts';

const ROOT = ['backoffice', 'reports'] as const;

const query = (range: ReportRange, extra: Record<string, string> = {}) =>
  new URLSearchParams({ from: range.from, to: range.to, ...extra }).toString();

export function useGamingReport(range: ReportRange, by: GamingGroup, enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'gaming', by, range],
    queryFn: ({ signal }) =>
      apiRequest<GamingReportResponse>(`${ReportRoutes.gaming}?${query(range, { by })}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePaymentReport(range: ReportRange, enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'payments', range],
    queryFn: ({ signal }) => apiRequest<PaymentReportResponse>(`${ReportRoutes.payments}?${query(range)}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePromotionReport(range: ReportRange, enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'promotions', range],
    queryFn: ({ signal }) =>
      apiRequest<PromotionReportResponse>(`${ReportRoutes.promotions}?${query(range)}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTaxReport(range: ReportRange, enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'taxes', range],
    queryFn: ({ signal }) => apiRequest<TaxReportResponse>(`${ReportRoutes.taxes}?${query(range)}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTaxMonths(year: string) {
  return useQuery({
    queryKey: [...ROOT, 'tax-months', year],
    queryFn: ({ signal }) =>
      apiRequest<TaxMonthsResponse>(`${TaxReportRoutes.months}?${new URLSearchParams({ year }).toString()}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A player's certificate of tax withheld, once a player and a year are chosen. */
export function useTaxCertificate(choice: { playerId: number; year: string } | null) {
  return useQuery({
    queryKey: [...ROOT, 'tax-certificate', choice],
    queryFn: ({ signal }) =>
      apiRequest<TaxCertificateResponse>(
        TaxReportRoutes.certificate
          .replace(':playerId', String(choice?.playerId ?? 0))
          .replace(':year', choice?.year ?? ''),
        { signal },
      ),
    enabled: choice !== null,
  });
}
