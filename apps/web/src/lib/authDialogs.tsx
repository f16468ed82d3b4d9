import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthDialogKind = 'login' | 'register';

interface AuthDialogsValue {
  current: AuthDialogKind | null;
  show(kind: AuthDialogKind): void;
  hide(): void;
}

const AuthDialogsContext = createContext<AuthDialogsValue | null>(null);

/** Which login-flow dialog is open. Screens open them; the shell renders them once. */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AuthDialogKind | null>(null);
  const value = useMemo<AuthDialogsValue>(
    () => ({ current, show: setCurrent, hide: () => setCurrent(null) }),
    [current],
  );
  return <AuthDialogsContext value={value}>{children}</AuthDialogsContext>;
}

export function useAuthDialogs(): AuthDialogsValue {
  const value = useContext(AuthDialogsContext);
  if (!value) throw new Error('useAuthDialogs needs an AuthDialogsProvider');
  return value;
}
