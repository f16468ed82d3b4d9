import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findPlayerRoute, routeKeyOf } from './routes.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** The current route's title (its mobile title), translated; also sets the browser tab title. */
export function useRouteTitle(): string {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = findPlayerRoute(pathname);
  const title = route ? t(`routes.${routeKeyOf(route.path)}`) : t('common.brand');
  useDocumentTitle(t('common.documentTitle', { title }));
  return title;
}
