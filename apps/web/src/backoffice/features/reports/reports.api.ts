import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ReportRoutes,
  type GamingGroup,
  type GamingReportResponse,
  type PaymentReportResponse,
  type PromotionReportResponse,
  type ReportRange,
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
