import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { BET_TYPES, type BetTypeDefinition } from '@karera/shared';
import { en } from '../i18n/en.ts';
import { fil } from '../i18n/fil.ts';
import { leavesOf, variablesOf, type Texts } from '../i18n/textLeaves.ts';
import { AuthDialogsProvider } from '../lib/authDialogs.tsx';
import { bettingSiteTexts, bettingSiteTextsFil } from '../lib/bettingSite.ts';
import { masterAgentTexts } from '../features/masteragent/masterAgentTexts.ts';
import { masterAgentTextsFil } from '../features/masteragent/masterAgentTexts.fil.ts';
import { tutorialTexts } from '../features/tutorials/tutorialTexts.ts';
import { tutorialTextsFil } from '../features/tutorials/tutorialTexts.fil.ts';
import { otpResendTexts, otpResendTextsFil } from '../components/forms/otpResend.ts';
import { poolsTexts } from '../features/live/pools/poolsTexts.ts';
import { poolsTextsFil } from '../features/live/pools/poolsTexts.fil.ts';
import { builderTexts, builderTextsFil } from '../features/live/builders/builderTexts.ts';
import { drawnRaceTexts } from '../components/drawnRace/drawnRaceTexts.ts';
import { drawnRaceTextsFil } from '../components/drawnRace/drawnRaceTexts.fil.ts';
import { breakBannerTexts } from '../components/rg/breakBannerTexts.ts';
import { breakBannerTextsFil } from '../components/rg/breakBannerTexts.fil.ts';
import { rgTexts } from '../features/rglimits/rgTexts.ts';
import { rgTextsFil } from '../features/rglimits/rgTexts.fil.ts';
import { statementTexts } from '../features/statement/statementTexts.ts';
import { statementTextsFil } from '../features/statement/statementTexts.fil.ts';
import { androidTexts } from '../features/landing/androidTexts.ts';
import { androidTextsFil } from '../features/landing/androidTexts.fil.ts';
import { walletTexts } from '../features/history/walletTexts.ts';
import { resultsTexts } from '../features/results/resultsTexts.ts';
import { resultsTextsFil } from '../features/results/resultsTexts.fil.ts';
import { walletTextsFil } from '../features/history/walletTexts.fil.ts';
import { kycTexts } from '../features/kyc/kycTexts.ts';
import { kycTextsFil } from '../features/kyc/kycTexts.fil.ts';
import { ticketTexts } from '../features/live/tickets/ticketTexts.ts';
import { formTexts } from '../lib/form/formTexts.ts';
import { formTextsFil } from '../lib/form/formTexts.fil.ts';
import { followTexts } from '../components/blackbook/followTexts.ts';
import { followTextsFil } from '../components/blackbook/followTexts.fil.ts';
import { blackbookTexts } from '../features/blackbook/blackbookTexts.ts';
import { blackbookTextsFil } from '../features/blackbook/blackbookTexts.fil.ts';
import { replayTexts } from '../features/replay/replayTexts.ts';
import { replayTextsFil } from '../features/replay/replayTexts.fil.ts';
import { bakasTexts } from '../features/bakas/bakasTexts.ts';
import { bakasTextsFil } from '../features/bakas/bakasTexts.fil.ts';
import { groupShareTexts } from '../components/bakas/groupShareTexts.ts';
import { groupShareTextsFil } from '../components/bakas/groupShareTexts.fil.ts';
import { ticketTextsFil } from '../features/live/tickets/ticketTexts.fil.ts';
import { notificationTexts } from '../features/notifications/notificationTexts.ts';
import { notificationTextsFil } from '../features/notifications/notificationTexts.fil.ts';
import { OtpForm } from '../components/forms/OtpForm.tsx';
import { LoginStep } from '../features/auth/LoginStep.tsx';
import { RegisterStep } from '../features/auth/RegisterStep.tsx';
import { ResetPasswordStep } from '../features/auth/ResetPasswordStep.tsx';
import { AccountPage } from '../features/account/AccountPage.tsx';
import { BetRulesPage } from '../features/betrules/BetRulesPage.tsx';
import { ContactPage } from '../features/contact/ContactPage.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { MasterAgentPage } from '../features/masteragent/MasterAgentPage.tsx';
import { TutorialsPage } from '../features/tutorials/TutorialsPage.tsx';
import { TourMock } from '../features/tutorials/mocks/TourMock.tsx';
import { ACTIVE_TOURS, tourSteps } from '../features/tutorials/tours.ts';
import { AccountMenuContents } from './layouts/AccountMenu.tsx';
import { BalancePanelContents } from './layouts/BalancePanel.tsx';
import { BottomNav } from './layouts/BottomNav.tsx';
import { PlayerFooter } from './layouts/PlayerFooter.tsx';
import { PlayerHeader } from './layouts/PlayerHeader.tsx';
import { PublicHeader } from './layouts/PublicHeader.tsx';
import { SiteFooter } from './layouts/SiteFooter.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

/*
 * The player site speaks English and Filipino: every text resource has both, key for key, and no screen
 * shows a raw key. en.ts / fil.ts are the site's texts; each page that loads its own texts has a pair too.
 */

/** Every page bundle loaded with its page (addPageTexts), English and Filipino, under its resource key. */
const PAGE_BUNDLES: readonly { key: string; en: Texts; fil: Texts }[] = [
  { key: 'masterAgent', en: masterAgentTexts, fil: masterAgentTextsFil },
  { key: 'bettingSite', en: bettingSiteTexts, fil: bettingSiteTextsFil },
  { key: 'tutorials', en: tutorialTexts, fil: tutorialTextsFil },
  { key: 'otpResend', en: otpResendTexts, fil: otpResendTextsFil },
  { key: 'livePools', en: poolsTexts, fil: poolsTextsFil },
  { key: 'betBuilders', en: builderTexts, fil: builderTextsFil },
  { key: 'drawnRace', en: drawnRaceTexts, fil: drawnRaceTextsFil },
  { key: 'statement', en: statementTexts, fil: statementTextsFil },
  { key: 'responsibleGaming', en: rgTexts, fil: rgTextsFil },
  { key: 'breakBanner', en: breakBannerTexts, fil: breakBannerTextsFil },
  { key: 'kyc', en: kycTexts, fil: kycTextsFil },
  { key: 'wallet', en: walletTexts, fil: walletTextsFil },
  { key: 'android', en: androidTexts, fil: androidTextsFil },
  { key: 'results', en: resultsTexts, fil: resultsTextsFil },
  { key: 'formGuide', en: formTexts, fil: formTextsFil },
  { key: 'follow', en: followTexts, fil: followTextsFil },
  { key: 'blackbook', en: blackbookTexts, fil: blackbookTextsFil },
  { key: 'replay', en: replayTexts, fil: replayTextsFil },
  { key: 'notifications', en: notificationTexts, fil: notificationTextsFil },
  { key: 'bakas', en: bakasTexts, fil: bakasTextsFil },
  { key: 'groupShare', en: groupShareTexts, fil: groupShareTextsFil },
];

/**
 * en.ts as written: i18next merges each page's bundle into the English resources it was given (this very
 * object) when the page's module loads, so those keys are set apart here.
 */
const siteEn: Texts = Object.fromEntries(
  Object.entries(en).filter(([key]) => !PAGE_BUNDLES.some((bundle) => bundle.key === key)),
);

const PAIRS: readonly { name: string; en: Texts; fil: Texts }[] = [
  { name: 'en.ts / fil.ts', en: siteEn, fil },
  ...PAGE_BUNDLES.map((bundle) => ({ name: bundle.key, en: bundle.en, fil: bundle.fil })),
  { name: 'my tickets', en: ticketTexts, fil: ticketTextsFil },
];

describe('every text in English and Filipino', () => {
  it.each(PAIRS)('$name: the same keys on both sides', ({ en: english, fil: filipino }) => {
    expect([...leavesOf(filipino).keys()].sort()).toEqual([...leavesOf(english).keys()].sort());
  });

  it.each(PAIRS)('$name: no empty text and the same {{variables}} on both sides', ({ en: english, fil: filipino }) => {
    const filipinoLeaves = leavesOf(filipino);
    for (const [key, text] of leavesOf(english)) {
      const translated = filipinoLeaves.get(key) ?? '';
      expect(text.trim(), `en ${key}`).not.toBe('');
      expect(translated.trim(), `fil ${key}`).not.toBe('');
      expect(variablesOf(translated), `fil ${key}: ${translated}`).toEqual(variablesOf(text));
    }
  });

  it('the Filipino texts are Filipino: most differ from the English ones', () => {
    // Brand names, codes and the racing words bettors use (Win, Forcast, odds...) stay; most texts change.
    const english = leavesOf(siteEn);
    const same = [...leavesOf(fil)].filter(([key, text]) => english.get(key) === text);
    expect(same.length / english.size).toBeLessThan(0.2);
  });

  it('the Filipino plural forms cover the plural categories of Filipino', () => {
    const categories = new Intl.PluralRules('fil').resolvedOptions().pluralCategories;
    for (const { fil: filipino } of PAIRS) {
      const keys = [...leavesOf(filipino).keys()];
      const bases = new Set(keys.filter((key) => /_(one|other)$/.test(key)).map((key) => key.replace(/_[a-z]+$/, '')));
      for (const base of bases) for (const category of categories) expect(keys).toContain(`${base}_${category}`);
    }
  });
});

/** Every .ts/.tsx file of the player site (not the back office, not the tests). */
function playerSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'backoffice' ? [] : playerSources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('no raw key on a screen', () => {
  it('every literal key passed to t() exists in English and in Filipino', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const english = leavesOf(siteEn);
    const filipino = leavesOf(fil);
    const has = (leaves: Map<string, string>, key: string) =>
      leaves.has(key) || (leaves.has(`${key}_one`) && leaves.has(`${key}_other`));
    const keys = new Set<string>();
    for (const file of playerSources(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"]([A-Za-z0-9_.-]+)['"]/g)) {
        const key = match[1] ?? '';
        // Keys of a page bundle are checked by the pairs above (the page's own typed t()).
        if (key.includes('.') && !PAGE_BUNDLES.some((bundle) => key.startsWith(`${bundle.key}.`))) keys.add(key);
      }
    }
    expect(keys.size).toBeGreaterThan(200);
    for (const key of keys) {
      expect(has(english, key), `en ${key}`).toBe(true);
      expect(has(filipino, key), `fil ${key}`).toBe(true);
    }
  });

  /**
   * A Filipino-only i18next (no English fallback) that records every key it cannot find. It reaches the
   * screens through the provider only: `initReactI18next` would make it every later render's default, in
   * the test files that share this worker's modules (decision 057).
   */
  function filipinoOnly(): { i18n: I18n; missing: string[] } {
    const missing: string[] = [];
    const i18n = createInstance();
    void i18n.init({
      lng: 'fil',
      fallbackLng: false,
      resources: {
        fil: {
          translation: {
            ...fil,
            ...Object.fromEntries(PAGE_BUNDLES.map((bundle) => [bundle.key, bundle.fil])),
          },
        },
      },
      initAsync: false,
      interpolation: { escapeValue: false },
      saveMissing: true,
      missingKeyHandler: (_languages, _namespace, key) => missing.push(key),
    });
    return { i18n, missing };
  }

  function render(i18n: I18n, screen: ReactNode, route = '/'): string {
    return renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={[route]}>
            <AuthDialogsProvider>{screen}</AuthDialogsProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  }

  const SCREENS: readonly { name: string; screen: ReactNode; route?: string; says: string }[] = [
    { name: 'public header', screen: <PublicHeader />, says: 'Mag-login' },
    { name: 'site footer', screen: <SiteFooter />, says: 'Tungkol sa Amin' },
    { name: 'landing', screen: <LandingPage />, says: 'MAG-REGISTER NA' },
    { name: 'login', screen: <LoginStep />, says: 'Nakalimutan ang password?' },
    { name: 'register', screen: <RegisterStep referral={null} />, says: 'Apelyido' },
    {
      name: 'reset password',
      screen: <ResetPasswordStep playerId={1} mobileNo="09170000001" />,
      says: 'Bagong password',
    },
    { name: 'player header', screen: <PlayerHeader />, route: '/live', says: 'Menu ng account' },
    { name: 'account menu', screen: <AccountMenuContents />, route: '/live', says: 'Kasaysayan ng Transaksyon' },
    { name: 'balance panel', screen: <BalancePanelContents />, route: '/live', says: 'Ang balanse mo' },
    { name: 'bottom nav', screen: <BottomNav />, route: '/live', says: 'Transaksyon' },
    { name: 'player footer', screen: <PlayerFooter />, route: '/live', says: 'Bayaran' },
    { name: 'account page', screen: <AccountPage />, route: '/account', says: 'Kasaysayan ng Wallet' },
    { name: 'bet rules', screen: <BetRulesPage />, route: '/betrules', says: 'Minimum na Taya' },
    { name: 'contact', screen: <ContactPage />, route: '/Contacts', says: 'Sumulat sa amin' },
    { name: 'master agent', screen: <MasterAgentPage />, route: '/masteragentregister', says: 'Buong pangalan' },
    { name: 'tutorials', screen: <TutorialsPage />, route: '/tutorial', says: 'Simulan ang tour' },
    {
      name: 'OTP form counting down',
      screen: (
        <OtpForm
          type="P"
          playerId={1}
          intro="Ilagay ang OTP."
          resendMobileNo="09170000001"
          resendAt={Date.now() + 60_000}
          verify={() => Promise.resolve()}
        />
      ),
      says: 'Ipadala ulit ang OTP pagkalipas ng',
    },
    { name: 'not found', screen: <NotFoundPage />, route: '/nowhere', says: 'Hindi makita ang page' },
  ];

  /** Every dotted key of the site's texts and of the page bundles (under their resource key). */
  const DOTTED_KEYS = [
    ...leavesOf(siteEn).keys(),
    ...PAGE_BUNDLES.flatMap((bundle) => [...leavesOf(bundle.en, `${bundle.key}.`).keys()]),
  ].filter((key) => key.includes('.'));

  /** No dotted key of either language shows as text. */
  function expectNoRawKey(html: string) {
    const text = html.replace(/<[^>]+>/g, ' ');
    for (const key of DOTTED_KEYS) expect(text, key).not.toContain(key);
  }

  it.each(SCREENS)('$name renders in Filipino with every key found', ({ screen, route, says }) => {
    const { i18n, missing } = filipinoOnly();
    const html = render(i18n, screen, route);
    expect(missing).toEqual([]);
    expect(html).toContain(says);
    expectNoRawKey(html);
  });

  it('every step of every tour, and its mock screen, reads in Filipino with every key found', () => {
    const { i18n, missing } = filipinoOnly();
    const t = i18n.t as unknown as (key: string, values?: object) => string;
    const tours = [
      ...ACTIVE_TOURS.filter((tour) => tour !== 'bet').map((tour) => ({ tour, type: BET_TYPES[0] })),
      ...BET_TYPES.map((type) => ({ tour: 'bet' as const, type })),
    ];
    for (const { tour, type } of tours) {
      for (const step of tourSteps(tour, type as BetTypeDefinition)) {
        const title = t(`tutorials.${step.title}`, step.values ?? {});
        const body = t(`tutorials.${step.body}`, step.values ?? {});
        expect(`${title} ${body}`, `${tour} ${step.id}`).not.toMatch(/\{\{|\$t\(|tutorials\./);
        expectNoRawKey(
          render(i18n, <TourMock tour={tour} stepId={step.id} betType={type as BetTypeDefinition} />, '/tutorial'),
        );
      }
    }
    expect(t('tutorials.steps.deposit.submit.body')).toBe(
      'I-tap ang I-submit ang Deposito kapag naipadala mo na ang pera.',
    );
    expect(t('tutorials.steps.changepassword.done.body')).toContain('“Na-update na ang password.”');
    expect(missing).toEqual([]);
  });

  it('the route error page renders in Filipino with every key found', () => {
    const { i18n, missing } = filipinoOnly();
    expect(render(i18n, <RouteErrorPage />)).toContain('May nangyaring mali');
    expect(missing).toEqual([]);
  });
});
