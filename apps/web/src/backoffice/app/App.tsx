import { lazy, StrictMode, Suspense, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { AuthGate } from './AuthGate.tsx';
import { LoadingBlock } from '../components/QueryState.tsx';
import { createBackofficeQueryClient } from './queryClient.ts';
import { NotFoundPage, RequireAdmin } from './StatusPages.tsx';
import { useStaff } from '../lib/session.tsx';
import { createBackofficeI18n } from '../i18n/i18n.ts';

// One chunk per screen: a phone on a slow connection loads only the page it opens.
const PlayersPage = lazy(() => import('../features/players/PlayersPage.tsx').then((m) => ({ default: m.PlayersPage })));
const PlayerDetailPage = lazy(() =>
  import('../features/players/PlayerDetailPage.tsx').then((m) => ({ default: m.PlayerDetailPage })),
);
const ApprovalsPage = lazy(() =>
  import('../features/approvals/ApprovalsPage.tsx').then((m) => ({ default: m.ApprovalsPage })),
);
const StaffPage = lazy(() => import('../features/staff/StaffPage.tsx').then((m) => ({ default: m.StaffPage })));
const SecurityPage = lazy(() => import('../features/auth/SecurityPage.tsx').then((m) => ({ default: m.SecurityPage })));
const ContactsPage = lazy(() =>
  import('../features/contacts/ContactsPage.tsx').then((m) => ({ default: m.ContactsPage })),
);
const OutboxPage = lazy(() => import('../features/outbox/OutboxPage.tsx').then((m) => ({ default: m.OutboxPage })));
const RaceDayPage = lazy(() => import('../features/raceday/RaceDayPage.tsx').then((m) => ({ default: m.RaceDayPage })));
const EventPage = lazy(() => import('../features/raceday/EventPage.tsx').then((m) => ({ default: m.EventPage })));
const RaceDetailPage = lazy(() =>
  import('../features/raceday/RaceDetailPage.tsx').then((m) => ({ default: m.RaceDetailPage })),
);
const AuditPage = lazy(() => import('../features/audit/AuditPage.tsx').then((m) => ({ default: m.AuditPage })));
const ExclusionsPage = lazy(() =>
  import('../features/rglimits/ExclusionsPage.tsx').then((m) => ({ default: m.ExclusionsPage })),
);
const AmlQueuePage = lazy(() => import('../features/aml/AmlQueuePage.tsx').then((m) => ({ default: m.AmlQueuePage })));
const AmlFlagPage = lazy(() => import('../features/aml/AmlFlagPage.tsx').then((m) => ({ default: m.AmlFlagPage })));
const PaymentsPage = lazy(() =>
  import('../features/payments/PaymentsPage.tsx').then((m) => ({ default: m.PaymentsPage })),
);
const DepositAccountsPage = lazy(() =>
  import('../features/payments/DepositAccountsPage.tsx').then((m) => ({ default: m.DepositAccountsPage })),
);
const PromosPage = lazy(() => import('../features/promos/PromosPage.tsx').then((m) => ({ default: m.PromosPage })));
const PromoDetailPage = lazy(() =>
  import('../features/promos/PromoDetailPage.tsx').then((m) => ({ default: m.PromoDetailPage })),
);
const ApplicationsPage = lazy(() =>
  import('../features/masteragents/ApplicationsPage.tsx').then((m) => ({ default: m.ApplicationsPage })),
);
const ApplicationDetailPage = lazy(() =>
  import('../features/masteragents/ApplicationDetailPage.tsx').then((m) => ({ default: m.ApplicationDetailPage })),
);
const KycQueuePage = lazy(() => import('../features/kyc/KycQueuePage.tsx').then((m) => ({ default: m.KycQueuePage })));
const KycReviewPage = lazy(() =>
  import('../features/kyc/KycReviewPage.tsx').then((m) => ({ default: m.KycReviewPage })),
);
const KycPlayerPage = lazy(() =>
  import('../features/kyc/KycPlayerPage.tsx').then((m) => ({ default: m.KycPlayerPage })),
);
const ResultEntryPage = lazy(() =>
  import('../features/tote/ResultEntryPage.tsx').then((m) => ({ default: m.ResultEntryPage })),
);
const SettlementReportPage = lazy(() =>
  import('../features/tote/SettlementReportPage.tsx').then((m) => ({ default: m.SettlementReportPage })),
);
const ToteSettingsPage = lazy(() =>
  import('../features/tote/ToteSettingsPage.tsx').then((m) => ({ default: m.ToteSettingsPage })),
);
// The reports chunk carries the chart library (decision 039): no other page loads it.
const ReportsPage = lazy(() => import('../features/reports/ReportsPage.tsx').then((m) => ({ default: m.ReportsPage })));
const DashboardPage = lazy(() =>
  import('../features/dashboard/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })),
);
const AgentDashboardPage = lazy(() =>
  import('../features/agents/AgentDashboardPage.tsx').then((m) => ({ default: m.AgentDashboardPage })),
);
const AgentReportPage = lazy(() =>
  import('../features/agents/AgentReportPage.tsx').then((m) => ({ default: m.AgentReportPage })),
);
// The page a staff member's texted enrolment link opens (decision 044): public, outside the sign-in.
const StaffEnrolmentPage = lazy(() =>
  import('../features/auth/StaffEnrolmentPage.tsx').then((m) => ({ default: m.StaffEnrolmentPage })),
);
const CarryoversPage = lazy(() =>
  import('../features/tote/CarryoversPage.tsx').then((m) => ({ default: m.CarryoversPage })),
);

// Horses, jockeys and trainers (decision 053): one chunk for the four record pages.
const HorsesPage = lazy(() => import('../features/horses/HorsesPage.tsx').then((m) => ({ default: m.HorsesPage })));
const HorseEditPage = lazy(() =>
  import('../features/horses/HorseEditPage.tsx').then((m) => ({ default: m.HorseEditPage })),
);
const JockeysPage = lazy(() => import('../features/horses/PeoplePage.tsx').then((m) => ({ default: m.JockeysPage })));
const TrainersPage = lazy(() => import('../features/horses/PeoplePage.tsx').then((m) => ({ default: m.TrainersPage })));
const ImportPage = lazy(() => import('../features/horses/ImportPage.tsx').then((m) => ({ default: m.ImportPage })));

export const BACKOFFICE_BASENAME = '/backoffice';

/** The home page: the race-day dashboard for admins; agents and master agents land on their players. */
function HomePage() {
  const staff = useStaff();
  // Admins run the race day; agents and master agents run their network.
  return staff.role === 'admin' ? <DashboardPage /> : <Navigate to="/agents" replace />;
}

export function App() {
  const [queryClient] = useState(createBackofficeQueryClient);
  const [i18n] = useState(createBackofficeI18n);
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename={BACKOFFICE_BASENAME}>
            <Routes>
              <Route
                path="staff-enrolment"
                element={
                  <Suspense
                    fallback={
                      <main className="bo-center">
                        <LoadingBlock />
                      </main>
                    }
                  >
                    <StaffEnrolmentPage />
                  </Suspense>
                }
              />
              <Route element={<AuthGate />}>
                <Route index element={<HomePage />} />
                <Route path="players" element={<PlayersPage />} />
                <Route path="agents" element={<AgentDashboardPage />} />
                <Route path="agents/report" element={<AgentReportPage />} />
                <Route path="agents/:agentId" element={<AgentDashboardPage />} />
                <Route path="players/:playerId" element={<PlayerDetailPage />} />
                <Route path="payments" element={<PaymentsPage />} />
                <Route path="tote" element={<Navigate to="/tote/settings" replace />} />
                <Route path="security" element={<SecurityPage />} />
                {/* Every screen below is the admin's: one gate for all of them. */}
                <Route element={<RequireAdmin />}>
                  <Route path="reports/*" element={<ReportsPage />} />
                  <Route path="approvals" element={<ApprovalsPage />} />
                  <Route path="deposit-accounts" element={<DepositAccountsPage />} />
                  <Route path="promos" element={<PromosPage />} />
                  <Route path="promos/:promoId" element={<PromoDetailPage />} />
                  <Route path="master-agent-applications" element={<ApplicationsPage />} />
                  <Route path="master-agent-applications/:applicationId" element={<ApplicationDetailPage />} />
                  <Route path="kyc" element={<KycQueuePage />} />
                  <Route path="kyc/:submissionId" element={<KycReviewPage />} />
                  <Route path="kyc/players/:playerId" element={<KycPlayerPage />} />
                  <Route path="race-day" element={<RaceDayPage />} />
                  <Route path="race-day/:eventId" element={<EventPage />} />
                  <Route path="race-day/:eventId/races/:raceId" element={<RaceDetailPage />} />
                  <Route path="race-day/:eventId/races/:raceId/result" element={<ResultEntryPage />} />
                  <Route path="race-day/:eventId/races/:raceId/report" element={<SettlementReportPage />} />
                  <Route path="horses" element={<HorsesPage />} />
                  <Route path="horses/import" element={<ImportPage />} />
                  <Route path="horses/:horseId" element={<HorseEditPage />} />
                  <Route path="jockeys" element={<JockeysPage />} />
                  <Route path="trainers" element={<TrainersPage />} />
                  <Route path="tote/settings" element={<ToteSettingsPage />} />
                  <Route path="tote/carryovers" element={<CarryoversPage />} />
                  <Route path="otp-outbox" element={<OutboxPage />} />
                  <Route path="contacts" element={<ContactsPage />} />
                  <Route path="staff" element={<StaffPage />} />
                  <Route path="exclusions" element={<ExclusionsPage />} />
                  <Route path="audit" element={<AuditPage />} />
                  <Route path="aml" element={<AmlQueuePage />} />
                  <Route path="aml/:flagId" element={<AmlFlagPage />} />
                </Route>
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Routes>
          </BrowserRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
