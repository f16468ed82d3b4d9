import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PLAYER_ROUTES, PlayerRoutePath } from '@karera/shared';
import { LandingPage } from '../features/landing/LandingPage.tsx';

type Page = LazyExoticComponent<ComponentType> | ComponentType;
/** Routes with a screen of their own: a route with `redirect` opens another one (the router's Navigate). */
export type ScreenRoutePath = Exclude<
  PlayerRoutePath,
  Extract<(typeof PLAYER_ROUTES)[number], { redirect: string }>['path']
>;

/** A screen in a chunk of its own, rendered inside the query client's provider (which loads with it). */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    Promise.all([load(), import('../lib/queryScope.tsx')]).then(([module, scope]) => ({
      default: scope.withQueryScope(pick(module)),
    })),
  );
}

// One chunk per screen, but the landing page comes with the shell: most visits start there, and loaded
// late it pushed the footer down under the reader (layout shift) after a second round trip.
const Landing = LandingPage;
const About = screen(
  () => import('../features/legal/AboutPage.tsx'),
  (m) => m.AboutPage,
);
const Terms = screen(
  () => import('../features/legal/TermsPage.tsx'),
  (m) => m.TermsPage,
);
const Privacy = screen(
  () => import('../features/legal/PrivacyPage.tsx'),
  (m) => m.PrivacyPage,
);
const Contact = screen(
  () => import('../features/contact/ContactPage.tsx'),
  (m) => m.ContactPage,
);
const MasterAgent = screen(
  () => import('../features/masteragent/MasterAgentPage.tsx'),
  (m) => m.MasterAgentPage,
);
const Live = screen(
  () => import('../features/live/LivePage.tsx'),
  (m) => m.LivePage,
);
const Result = screen(
  () => import('../features/results/ResultPage.tsx'),
  (m) => m.ResultPage,
);
const Payment = screen(
  () => import('../features/payment/PaymentPage.tsx'),
  (m) => m.PaymentPage,
);
const BetRules = screen(
  () => import('../features/betrules/BetRulesPage.tsx'),
  (m) => m.BetRulesPage,
);
const Account = screen(
  () =>
    Promise.all([
      import('../features/account/AccountPage.tsx'),
      import('../features/notifications/NotificationSettings.tsx'),
    ]),
  ([account, notifications]) =>
    function AccountWithNotifications() {
      return createElement(account.AccountPage, { settings: createElement(notifications.NotificationSettings) });
    },
);
const Inbox = screen(
  () => import('../features/notifications/InboxPage.tsx'),
  (m) => m.InboxPage,
);
const Profile = screen(
  () => import('../features/profile/ProfilePage.tsx'),
  (m) => m.ProfilePage,
);
const History = screen(
  () => import('../features/history/HistoryPage.tsx'),
  (m) => m.HistoryPage,
);
const Statement = screen(
  () => import('../features/statement/StatementPage.tsx'),
  (m) => m.StatementPage,
);
const VerifyIdentity = screen(
  () => import('../features/kyc/VerifyIdentityPage.tsx'),
  (m) => m.VerifyIdentityPage,
);
const ResponsibleGaming = screen(
  () => import('../features/rglimits/ResponsibleGamingPage.tsx'),
  (m) => m.ResponsibleGamingPage,
);
const Promo = screen(
  () => import('../features/promo/PromoPage.tsx'),
  (m) => m.PromoPage,
);
const MiniGame = screen(
  () => import('../features/minigame/MiniGamePage.tsx'),
  (m) => m.MiniGamePage,
);
const Blackbook = screen(
  () => import('../features/blackbook/BlackbookPage.tsx'),
  (m) => m.BlackbookPage,
);
const Tutorials = screen(
  () => import('../features/tutorials/TutorialsPage.tsx'),
  (m) => m.TutorialsPage,
);
const TutorialTour = screen(
  () => import('../features/tutorials/TutorialTourPage.tsx'),
  (m) => m.TutorialTourPage,
);

/** The screen of every route but redirects; the type makes a new route without a screen a compile error. */
export const PAGES = {
  '/': Landing,
  '/register': Landing,
  '/aboutus': About,
  '/Contacts': Contact,
  '/termsandconditions': Terms,
  '/privacypolicy': Privacy,
  '/masteragentregister': MasterAgent,
  '/live': Live,
  '/result': Result,
  '/payment': Payment,
  '/betrules': BetRules,
  '/account': Account,
  '/profile': Profile,
  '/history': History,
  '/blackbook': Blackbook,
  '/inbox': Inbox,
  '/responsiblegaming': ResponsibleGaming,
  '/verify': VerifyIdentity,
  '/statement': Statement,
  '/promo': Promo,
  '/minigame': MiniGame,
  '/tutorial': Tutorials,
  '/tutorial-deposit': TutorialTour,
  '/tutorial-withdraw': TutorialTour,
  '/tutorial-changepassword': TutorialTour,
  '/tutorial-promo': TutorialTour,
  '/tutorial-bet': TutorialTour,
  '/tutorial-rebate': TutorialTour,
} satisfies Record<ScreenRoutePath, Page>;

// The horse, jockey and trainer pages (issue 34 §3): one chunk, loaded with the first of them.
const formPages = () => import('../features/form/FormPages.tsx');
const bakasPages = () => import('../features/bakas/index.ts');
/** Screens of routes with a parameter (not in the shared route table): the router adds them for players. */
export const PARAM_PAGES: readonly { path: string; screen: Page }[] = [
  { path: '/horse/:id', screen: screen(formPages, (m) => m.HorsePage) },
  { path: '/jockey/:id', screen: screen(formPages, (m) => m.JockeyPage) },
  { path: '/trainer/:id', screen: screen(formPages, (m) => m.TrainerPage) },
  // Group tickets (decision 056): the create sheet the bet slip opens, and a group's link; one chunk.
  { path: '/bakas/new', screen: screen(bakasPages, (m) => m.BakasCreatePage) },
  { path: '/bakas/:code', screen: screen(bakasPages, (m) => m.BakasPage) },
  {
    path: '/replay/:raceId',
    screen: screen(
      () => import('../features/replay/ReplayPage.tsx'),
      (m) => m.ReplayPage,
    ),
  },
];
