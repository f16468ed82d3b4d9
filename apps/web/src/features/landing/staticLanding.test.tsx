import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { i18next } from '../../i18n/index.ts';
import { browserLanguage, LANGUAGE_KEY } from '../../i18n/language.ts';
import { AuthDialogsProvider } from '../../lib/authDialogs.tsx';
import { LandingPage } from './LandingPage.tsx';
import { markStaticLanding, staticLandingMarkup } from './staticLanding.tsx';
import { STATIC_LANDING_ATTRIBUTE } from './staticLandingAttribute.ts';

interface FakePage {
  pathname: string;
  search?: string;
  stored?: string | null;
  languages?: readonly string[];
  storageBlocked?: boolean;
}

/** A window with just what the script reads, and the attribute it may set. */
function fakeWindow({ pathname, search = '', stored = null, languages = ['en-US'], storageBlocked }: FakePage) {
  const attributes = new Map<string, string>();
  const page = {
    location: { pathname, search },
    localStorage: {
      getItem: (key: string) => {
        if (storageBlocked) throw new Error('SecurityError');
        return key === LANGUAGE_KEY ? stored : null;
      },
    },
    navigator: { languages, language: languages[0] ?? '' },
    document: { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } },
  };
  return { page, marked: () => attributes.has(STATIC_LANDING_ATTRIBUTE) };
}

/** The script as index.html runs it: from its source text alone, in a scope of its own. */
function runAsIndexHtmlDoes(page: unknown): void {
  // The point: the function's text, nothing around it.
  new Function('window', `(${markStaticLanding.toString()})(window);`)(page);
}

describe('the static landing of index.html', () => {
  it('shows on / and /register in English, in any case, with or without a trailing slash or a referral', () => {
    for (const [pathname, search] of [
      ['/', ''],
      ['/register', ''],
      ['/Register/', ''],
      ['/', '?r=ABC123'],
    ] as const) {
      const { page, marked } = fakeWindow({ pathname, search });
      runAsIndexHtmlDoes(page);
      expect(marked(), `${pathname}${search}`).toBe(true);
    }
  });

  it('stays hidden on other pages and while a deep link logs in', () => {
    for (const [pathname, search] of [
      ['/live', ''],
      ['/aboutus', ''],
      ['/registered', ''],
      ['/', '?p=12&s=token'],
      ['/', '?s=token'],
    ] as const) {
      const { page, marked } = fakeWindow({ pathname, search });
      runAsIndexHtmlDoes(page);
      expect(marked(), `${pathname}${search}`).toBe(false);
    }
  });

  it('follows the site language exactly as i18n/language.ts picks it: Filipino readers never see English first', () => {
    const cases: FakePage[] = [
      { pathname: '/', stored: 'fil' },
      { pathname: '/', stored: 'en', languages: ['fil-PH'] },
      { pathname: '/', languages: ['fil-PH', 'en'] },
      { pathname: '/', languages: ['tl'] },
      { pathname: '/', languages: ['en-PH', 'fil'] },
      { pathname: '/', languages: ['ja-JP', 'tl-PH'] },
      { pathname: '/', languages: ['ja-JP'] },
      { pathname: '/', languages: [] },
      { pathname: '/', stored: 'de', languages: ['tl'] },
      { pathname: '/', storageBlocked: true, languages: ['fil'] },
      { pathname: '/', storageBlocked: true, languages: ['en'] },
    ];
    for (const fake of cases) {
      const { page, marked } = fakeWindow(fake);
      runAsIndexHtmlDoes(page);
      const stored = fake.storageBlocked ? null : fake.stored === 'en' || fake.stored === 'fil' ? fake.stored : null;
      const language = stored ?? browserLanguage(fake.languages ?? ['en-US']);
      expect(marked(), JSON.stringify(fake)).toBe(language === 'en');
    }
  });

  it('marks nothing, and throws nothing, in a window it does not understand', () => {
    expect(() => runAsIndexHtmlDoes({})).not.toThrow();
  });

  it("is the page's own hero in English, the button's room kept but nothing to press", async () => {
    await i18next.changeLanguage('en');
    const page = renderToStaticMarkup(
      <I18nextProvider i18n={i18next}>
        <MemoryRouter initialEntries={['/']}>
          <AuthDialogsProvider>
            <LandingPage />
          </AuthDialogsProvider>
        </MemoryRouter>
      </I18nextProvider>,
    );
    const heroOf = (html: string) => /<section class="hero".*?<\/section>/.exec(html)?.[0] ?? '';
    const withoutCta = (hero: string) => hero.replace(/<div class="hero__cta">.*?<\/div>/, '');
    const staticHtml = staticLandingMarkup();
    expect(heroOf(staticHtml)).toContain('Karera: the number one online horse racing in the Philippines');
    expect(withoutCta(heroOf(staticHtml))).toBe(withoutCta(heroOf(page)));
    expect(staticHtml).toContain('<span class="btn btn--accent btn--lg static-landing__cta" aria-hidden="true">');
    expect(staticHtml).not.toMatch(/<button|data-testid|id="main"/);
  });
});
