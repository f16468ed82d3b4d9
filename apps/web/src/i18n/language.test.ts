import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from './index.ts';
import { browserLanguage, chooseLanguage, LANGUAGE_KEY, startLanguage, storedLanguage } from './language.ts';
import { addPageTexts } from './pageTexts.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const translate = i18next.t as unknown as (key: string) => string;

beforeEach(async () => {
  await i18next.changeLanguage('en');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('the browser language', () => {
  it('fil or tl is Filipino; the first language the site speaks wins; English otherwise', () => {
    expect(browserLanguage(['fil-PH'])).toBe('fil');
    expect(browserLanguage(['fil'])).toBe('fil');
    expect(browserLanguage(['tl'])).toBe('fil');
    expect(browserLanguage(['TL-ph', 'en'])).toBe('fil');
    expect(browserLanguage(['ja-JP', 'tl-PH'])).toBe('fil');
    expect(browserLanguage(['en-PH', 'fil'])).toBe('en');
    expect(browserLanguage(['en-US'])).toBe('en');
    expect(browserLanguage(['ja-JP', 'ko'])).toBe('en');
    expect(browserLanguage(['filipino-made-up', 'tlh'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});

describe('the chosen language', () => {
  it('is read back only when it is a language of the site, and never throws', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    expect(storedLanguage()).toBeNull();
    vi.stubGlobal('localStorage', memoryStorage({ [LANGUAGE_KEY]: 'fil' }));
    expect(storedLanguage()).toBe('fil');
    vi.stubGlobal('localStorage', memoryStorage({ [LANGUAGE_KEY]: 'tl' }));
    expect(storedLanguage()).toBeNull();
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(storedLanguage()).toBeNull();
  });

  it('switching loads the Filipino texts first, then remembers the choice; back to English the same way', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    expect(translate('header.login')).toBe('Login');

    await chooseLanguage('fil');
    expect(i18next.language).toBe('fil');
    expect(translate('header.login')).toBe('Mag-login');
    expect(translate('live.slip.submit')).toBe('Itaya Na');
    expect(storage.values.get(LANGUAGE_KEY)).toBe('fil');

    await chooseLanguage('en');
    expect(translate('header.login')).toBe('Login');
    expect(storage.values.get(LANGUAGE_KEY)).toBe('en');
  });

  it('a page bundle loads its Filipino texts when the site switches, and at once when Filipino is on', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const loadLater = vi.fn(() => Promise.resolve({ title: 'Pamagat' }));
    addPageTexts('testPageLater', { title: 'Title' }, loadLater);
    expect(translate('testPageLater.title')).toBe('Title');
    expect(loadLater).not.toHaveBeenCalled();

    await chooseLanguage('fil');
    expect(loadLater).toHaveBeenCalledOnce();
    expect(translate('testPageLater.title')).toBe('Pamagat');

    const loadNow = vi.fn(() => Promise.resolve({ title: 'Ngayon' }));
    const usePageTexts = addPageTexts('testPageNow', { title: 'Now' }, loadNow);
    expect(loadNow).toHaveBeenCalledOnce();
    expect(usePageTexts).toBeTypeOf('function');
    await vi.waitFor(() => expect(translate('testPageNow.title')).toBe('Ngayon'));

    // Once loaded, a bundle is not fetched again.
    await chooseLanguage('en');
    await chooseLanguage('fil');
    expect(loadLater).toHaveBeenCalledOnce();
    expect(loadNow).toHaveBeenCalledOnce();
  });

  it('a page whose Filipino texts cannot load stays in English, and the site does not switch to half Filipino', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const broken = vi.fn((): Promise<object> => Promise.reject(new Error('offline')));
    addPageTexts('testPageBroken', { title: 'Broken' }, broken);
    await expect(chooseLanguage('fil')).rejects.toThrow('offline');
    expect(i18next.language).toBe('en');
    expect(translate('testPageBroken.title')).toBe('Broken');
    expect(storedLanguage()).toBeNull();
    // A later switch tries again.
    broken.mockImplementation(() => Promise.resolve({ title: 'Sira' }));
    await chooseLanguage('fil');
    expect(translate('testPageBroken.title')).toBe('Sira');
  });
});

describe('the first render', () => {
  it('opens in the remembered language, else the browser language, without storing a guess', async () => {
    const storage = memoryStorage({ [LANGUAGE_KEY]: 'fil' });
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
    await startLanguage();
    expect(i18next.language).toBe('fil');

    await i18next.changeLanguage('en');
    storage.values.clear();
    vi.stubGlobal('navigator', { languages: ['fil-PH', 'en'], language: 'fil-PH' });
    await startLanguage();
    expect(i18next.language).toBe('fil');
    expect(storage.values.has(LANGUAGE_KEY)).toBe(false);

    await i18next.changeLanguage('en');
    vi.stubGlobal('navigator', { languages: ['en-PH'], language: 'en-PH' });
    await startLanguage();
    expect(i18next.language).toBe('en');
  });
});
