import { renderToStaticMarkup } from 'react-dom/server';
import { Logo } from '../../components/ui/Logo.tsx';
import { en } from '../../i18n/en.ts';
import { LandingHero } from './LandingHero.tsx';
import { STATIC_LANDING_ATTRIBUTE } from './staticLandingAttribute.ts';

/*
 * The landing's first screen before any script (decision 032): index.html carries the public header's
 * logo and the hero, prerendered at build time (vite.config.ts) from the page's own components and English
 * texts, so the largest paint (the hero's heading) waits only for the HTML and the CSS, not for the
 * JavaScript. React's first render replaces it. It shows only where the page would show that same hero:
 * a small blocking script (markStaticLanding) marks the document first, and without the mark it stays
 * hidden (other routes, a deep-link login, a visitor who reads the site in Filipino).
 */

/** Inline CSS of the static landing: hidden unless marked; the button's room kept, the button not drawn. */
export const STATIC_LANDING_CSS =
  `html:not([${STATIC_LANDING_ATTRIBUTE}]) .static-landing{display:none}` + '.static-landing__cta{visibility:hidden}';

function StaticLanding() {
  return (
    <div className="shell shell--public static-landing">
      <header className="site-header">
        <div className="site-header__inner">
          <a href="/" className="site-header__home" aria-label={en.header.homeLink}>
            <Logo name={en.common.brand} />
          </a>
        </div>
      </header>
      <main className="page landing">
        <LandingHero
          texts={{ eyebrow: en.landing.heroEyebrow, title: en.landing.heroTitle, text: en.landing.heroText }}
          // The page's Login (or Play now) comes with the script; until then its room is kept.
          cta={
            <span className="btn btn--accent btn--lg static-landing__cta" aria-hidden="true">
              {en.landing.login}
            </span>
          }
        />
      </main>
    </div>
  );
}

/** The static landing's HTML, for index.html's root element. */
export function staticLandingMarkup(): string {
  return renderToStaticMarkup(<StaticLanding />);
}

/**
 * Marks the document when the static landing may show: the landing's paths (/ and /register, any case),
 * no deep-link login in the address (p or s: the shell shows a spinner then), and English as the site's
 * language (the stored choice, else the browser's first of fil, tl or en, as i18n/language.ts decides:
 * a Filipino reader never sees English first). Runs in index.html as a classic script before the first
 * paint, from its source text: it must use nothing from outside itself.
 */
export function markStaticLanding(page: Window): void {
  try {
    const path = page.location.pathname.toLowerCase().replace(/\/+$/, '');
    if (path !== '' && path !== '/register') return;
    const params = new URLSearchParams(page.location.search);
    if (params.has('p') || params.has('s')) return;
    let language: string | null = null;
    try {
      language = page.localStorage.getItem('language');
    } catch {
      // storage blocked: the browser's language decides
    }
    if (language !== 'en' && language !== 'fil') {
      language = 'en';
      for (const tag of page.navigator.languages ?? [page.navigator.language]) {
        const base = tag.toLowerCase().split('-')[0];
        if (base === 'fil' || base === 'tl') {
          language = 'fil';
          break;
        }
        if (base === 'en') break;
      }
    }
    if (language === 'en') page.document.documentElement.setAttribute('data-static-landing', '');
  } catch {
    // anything unexpected: no static landing, the page draws itself as before
  }
}
