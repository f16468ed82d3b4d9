import { useTranslation } from 'react-i18next';
import { chooseLanguage, LANGUAGE_NAMES, type Language } from '../../i18n/language.ts';

const LANGUAGES = Object.keys(LANGUAGE_NAMES) as Language[];

/**
 * English / Filipino, each named in its own language and the group in both, so a player finds theirs
 * whatever the site shows. The choice is remembered on this device; the page switches once its texts
 * are in.
 */
export function LanguageSwitch() {
  const { i18n } = useTranslation();
  return (
    <div role="group" aria-label="Language / Wika" className="language-switch" data-testid="language-switch">
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="language-switch__option"
          aria-pressed={i18n.language === language}
          onClick={() => void chooseLanguage(language).catch(() => undefined)}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
