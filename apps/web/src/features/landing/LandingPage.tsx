import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { ButtonLink } from '../../components/ui/ButtonLink.tsx';
import { Logo } from '../../components/ui/Logo.tsx';
import { Page } from '../../components/ui/Page.tsx';
import { useAuthDialogs } from '../../lib/authDialogs.tsx';
import { referralOf } from '../../lib/referral.ts';
import { returnPathOf, useIsLoggedIn } from '../../lib/session/index.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { currentUserAgent, isAndroid } from '../../lib/platform.ts';
import { FastCashIcon, MobileIcon, RacetrackHorseIcon, SafetyCertificateIcon } from './FeatureIcons.tsx';
import { LandingHero } from './LandingHero.tsx';

// The app download strip is for Android visitors only, and optional (it shows once the site config says
// there is an app): its code loads after the first screen, and only on Android.
const AndroidStrip = lazy(() => import('./AndroidStrip.tsx').then((m) => ({ default: m.AndroidStrip })));

const FEATURES = [
  { key: 'safe', Icon: SafetyCertificateIcon },
  { key: 'mobile', Icon: MobileIcon },
  { key: 'cash', Icon: FastCashIcon },
  { key: 'racetrack', Icon: RacetrackHorseIcon },
] as const;

/** Landing (/ and /register): hero, Key Features, signup banner; /?r=CODE opens the register dialog. */
export function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('landing.documentTitle'));
  const loggedIn = useIsLoggedIn();
  const { show } = useAuthDialogs();
  const { search } = useLocation();
  const referral = referralOf(search);

  // A visitor sent here from a group ticket's link logs in first, then goes back to it.
  const returnPath = returnPathOf(search);

  useEffect(() => {
    if (loggedIn) return;
    if (returnPath !== null) show('login');
    else if (referral !== null) show('register');
  }, [referral, returnPath, loggedIn, show]);

  const playNow = (size: 'lg' | 'md') => (
    <ButtonLink to="/live" variant="accent" size={size}>
      {t('landing.playNow')}
    </ButtonLink>
  );

  return (
    <Page className="landing" testId="landing">
      {isAndroid(currentUserAgent()) ? (
        <Suspense fallback={null}>
          <AndroidStrip />
        </Suspense>
      ) : null}
      <LandingHero
        texts={{ eyebrow: t('landing.heroEyebrow'), title: t('landing.heroTitle'), text: t('landing.heroText') }}
        cta={
          loggedIn ? (
            playNow('lg')
          ) : (
            <Button variant="accent" size="lg" onClick={() => show('login')}>
              {t('landing.login')}
            </Button>
          )
        }
      />

      <section className="features" aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          {t('landing.featuresTitle')}
        </h2>
        <ul className="features__list">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className="feature">
              <span className="feature__icon">
                <Icon />
              </span>
              <h3 className="feature__title">{t(`landing.features.${key}.title`)}</h3>
              <p className="feature__text">{t(`landing.features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="signup-banner" aria-labelledby="banner-title">
        <Logo name={t('common.brand')} size="lg" />
        <h2 id="banner-title" className="signup-banner__title">
          {t('landing.bannerTitle')}
        </h2>
        <p>{loggedIn ? t('landing.bannerTextLoggedIn') : t('landing.bannerText')}</p>
        {loggedIn ? (
          playNow('md')
        ) : (
          <Button variant="accent" onClick={() => show('register')}>
            {t('landing.registerNow')}
          </Button>
        )}
      </section>
    </Page>
  );
}
