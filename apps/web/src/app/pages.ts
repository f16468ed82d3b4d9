import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PLAYER_ROUTES, PlayerRoutePath } from '@karera/shared';
import { LandingPage } from '../features/landing/LandingPage.tsx';

type Page = LazyExoticComponent<ComponentType> | ComponentType;
/** Routes with a screen of their own: a route with `redirect` opens another one (the router's Navigate). */
export type ScreenRoutePath = Exclude<
  PlayerRoutePath,
  Extract<(typeof PLAYER_ROUTES)[number], { redirect: string }>['path']
>;

// One chunk per screen, but the landing page comes with the shell: most visits start there, and loaded
// late it pushed the footer down under the reader (layout shift) after a second round trip.
const Landing = LandingPage;
const About = lazy(() => import('../features/legal/AboutPage.tsx').then((m) => ({ default: m.AboutPage })));
const Terms = lazy(() => import('../features/legal/TermsPage.tsx').then((m) => ({ default: m.TermsPage })));
const Privacy = lazy(() => import('../features/legal/PrivacyPage.tsx').then((m) => ({ default: m.PrivacyPage })));
const Contact = lazy(() => import('../features/contact/ContactPage.tsx').then((m) => ({ default: m.ContactPage })));
const MasterAgent = lazy(() =>
  import('../features/masteragent/MasterAgentPage.tsx').then((m) => ({ default: m.MasterAgentPage })),
);
const Live = lazy(() => import('../features/live/LivePage.tsx').then((m) => ({ default: m.LivePage })));
const Result = lazy(() => import('../features/results/ResultPage.tsx').then((m) => ({ default: m.ResultPage })));
const Payment = lazy(() => import('../features/payment/PaymentPage.tsx').then((m) => ({ default: m.PaymentPage })));
const BetRules = lazy(() => import('../features/betrules/BetRulesPage.tsx').then((m) => ({ default: m.BetRulesPage })));
const Account = lazy(() => import('../features/account/AccountPage.tsx').then((m) => ({ default: m.AccountPage })));
const Profile = lazy(() => import('../features/profile/ProfilePage.tsx').then((m) => ({ default: m.ProfilePage })));
const History = lazy(() => import('../features/history/HistoryPage.tsx').then((m) => ({ default: m.HistoryPage })));
const Promo = lazy(() => import('../features/promo/PromoPage.tsx').then((m) => ({ default: m.PromoPage })));
const MiniGame = lazy(() => import('../features/minigame/MiniGamePage.tsx').then((m) => ({ default: m.MiniGamePage })));
const Tutorials = lazy(() =>
  import('../features/tutorials/TutorialsPage.tsx').then((m) => ({ default: m.TutorialsPage })),
);
const TutorialTour = lazy(() =>
  import('../features/tutorials/TutorialTourPage.tsx').then((m) => ({ default: m.TutorialTourPage })),
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
