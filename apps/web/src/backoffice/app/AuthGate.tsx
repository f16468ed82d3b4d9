import { useQueryClient } from '@tanstack/react-query';
import { Shell } from './Shell.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { ErrorBlock, LoadingBlock } from '../components/QueryState.tsx';
import { replaceSession, StaffProvider, useSessionQuery } from '../lib/session.tsx';

/** Who is signed in decides what renders: the login screen, or the shell at the current address. */
export function AuthGate() {
  const queryClient = useQueryClient();
  const session = useSessionQuery();

  if (session.isPending) {
    return (
      <main className="bo-center">
        <LoadingBlock />
      </main>
    );
  }
  if (session.isError) {
    return (
      <main className="bo-center">
        <ErrorBlock error={session.error} onRetry={() => void session.refetch()} />
      </main>
    );
  }
  if (!session.data) {
    return <LoginPage onLoggedIn={(staff) => replaceSession(queryClient, staff)} />;
  }
  return (
    <StaffProvider staff={session.data}>
      <Shell />
    </StaffProvider>
  );
}
