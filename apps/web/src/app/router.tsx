import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PLAYER_ROUTES } from '@karera/shared';
import { PAGES, PARAM_PAGES } from './pages.ts';
import { RootLayout } from './layouts/RootLayout.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PageLoading } from './PageLoading.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { ScrollRestoration } from './ScrollRestoration.tsx';

// The player shell (header, account menu, footer, bottom nav) loads with the first player screen,
// so the landing page does not carry it.
const PlayerLayout = lazy(() =>
  Promise.all([import('./layouts/PlayerLayout.tsx'), import('../lib/queryScope.tsx')]).then(([m, scope]) => ({
    default: scope.withQueryScope(m.PlayerLayout),
  })),
);

function screensOf(access: 'public' | 'player'): RouteObject[] {
  return PLAYER_ROUTES.filter((route) => route.access === access).map((route) => {
    // A name kept for links (/bethistory): it opens its route, replacing itself in the history.
    if ('redirect' in route) return { path: route.path, element: <Navigate to={route.redirect} replace /> };
    const Screen = PAGES[route.path];
    // Paths match case-insensitively (react-router's default), so /contacts opens /Contacts.
    return { path: route.path, element: <Screen /> };
  });
}

const ROUTES: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { element: <PublicLayout />, children: [...screensOf('public'), { path: '*', element: <NotFoundPage /> }] },
      {
        element: (
          <Suspense fallback={<PageLoading />}>
            <PlayerLayout />
          </Suspense>
        ),
        children: [
          ...screensOf('player'),
          ...PARAM_PAGES.map(({ path, screen: Screen }) => ({ path, element: <Screen /> })),
        ],
      },
    ],
  },
];

/*
 * The player site's routes, rendered inside a <BrowserRouter> (App). Declarative routing, not a data
 * router (createBrowserRouter): the site uses no loaders, actions or fetchers, and the data router's code
 * was a sixth of the landing page's JavaScript. What it gave beyond routing is here: the error page for a
 * screen that fails (RouteErrorBoundary) and the scroll after navigations (ScrollRestoration).
 */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(ROUTES);
  return (
    <>
      <ScrollRestoration />
      <RouteErrorBoundary locationKey={location.key}>{element}</RouteErrorBoundary>
    </>
  );
}
