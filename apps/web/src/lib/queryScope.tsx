import type { ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './queryClient.ts';
import { registerQueryClient } from './queryClientRef.ts';

/*
 * TanStack Query loads with the first screen that reads through it (every lazily loaded screen, the
 * player shell, the login modals), not with the landing page. Each of them renders inside a provider
 * of this one shared client, so the cache is the same on every screen.
 */
const queryClient = createQueryClient();
registerQueryClient(queryClient);

/** The component, rendered inside the site's query client provider. */
export function withQueryScope<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryScope(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryScope.displayName = `WithQueryScope(${Component.displayName ?? Component.name})`;
  return WithQueryScope;
}
