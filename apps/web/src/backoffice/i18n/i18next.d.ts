import type { BackofficeResources } from './en.ts';

// The back office's namespace, next to the player site's default one (see ../../i18n/i18next.d.ts).
declare module 'i18next' {
  interface ResourceNamespaceMap {
    backoffice: BackofficeResources;
  }
}
