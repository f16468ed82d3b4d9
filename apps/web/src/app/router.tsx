import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PLAYER_ROUTES } from '@karera/shared';
import { PAGES } from './pages.ts';
import { RootLayout } from './layouts/RootLayout.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PageLoading } from './PageLoading.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

// The player shell (header, account menu, footer, bottom nav) loads with the first player screen,
// so the landing page does not carry it.
const PlayerLayout = lazy(() => import('./layouts/PlayerLayout.tsx').then((m) => ({ default: m.PlayerLayout })));

function screensOf(access: 'public' | 'player'): RouteObject[] {
  return PLAYER_ROUTES.filter((route) => route.access === access).map((route) => {
    // A name kept for links (/bethistory): it opens its route, replacing itself in the history.
    if ('redirect' in route) return { path: route.path, element: <Navigate to={route.redirect} replace /> };
    const Screen = PAGES[route.path];
    // Paths match case-insensitively (react-router's default), so /contacts opens /Contacts.
    return { path: route.path, element: <Screen /> };
  });
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { element: <PublicLayout />, children: [...screensOf('public'), { path: '*', element: <NotFoundPage /> }] },
        {
          element: (
            <Suspense fallback={<PageLoading />}>
              <PlayerLayout />
            </Suspense>
          ),
          children: screensOf('player'),
        },
      ],
    },
  ]);
}
