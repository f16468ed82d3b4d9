import { createInstance } from 'i18next';
import { en } from './en.ts';

export const BACKOFFICE_NS = 'backoffice';

/** The back office's own i18next instance: it never shares state with the player site's. */
export function createBackofficeI18n() {
  const i18n = createInstance();
  void i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    ns: [BACKOFFICE_NS],
    defaultNS: BACKOFFICE_NS,
    resources: { en: { [BACKOFFICE_NS]: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return i18n;
}
