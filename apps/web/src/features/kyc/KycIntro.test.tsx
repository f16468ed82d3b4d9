import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { i18next } from '../../i18n/index.ts';
import { chooseLanguage } from '../../i18n/language.ts';
import { KycIntro } from './VerifyIdentityPage.tsx';

describe('the Verify identity introduction', () => {
  it('names the deposit total the server is configured with, in pesos', async () => {
    await chooseLanguage('en');
    const html = renderToStaticMarkup(<KycIntro depositThreshold={1_234_500} />);
    expect(html).toContain('before your deposits pass ₱12,345.00 in total');
    expect(html).not.toContain('50,000');
  });

  it('names it in Filipino on the Filipino site', async () => {
    await chooseLanguage('fil');
    try {
      const html = renderToStaticMarkup(<KycIntro depositThreshold={2_000_000} />);
      expect(html).toContain('bago lumampas sa ₱20,000.00 ang kabuuan ng deposit mo');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
