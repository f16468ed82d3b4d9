import { createBrowserRouter, type RouteObject } from 'react-router';
import { PLAYER_ROUTES } from '@karera/shared';
import { PAGES } from './pages.ts';
import { RootLayout } from './layouts/RootLayout.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { PlayerLayout } from './layouts/PlayerLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

function screensOf(access: 'public' | 'player'): RouteObject[] {
  return PLAYER_ROUTES.filter((route) => route.access === access).map((route) => {
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
        { element: <PlayerLayout />, children: screensOf('player') },
      ],
    },
  ]);
}
