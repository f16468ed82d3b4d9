import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** The modals of the login flow (docs/product/screens.md#sign-in-modals). */
export type AuthDialogKind =
  'login' | 'register' | 'resendOtp' | 'otp' | 'forgotPassword' | 'resetPassword' | 'resetDone';

/** What a step learnt from the previous one: the account the OTP was sent for, and a note to show. */
export interface AuthDialogData {
  playerId?: number;
  mobileNo?: string;
  note?: string;
  /** When the server allows another OTP to the number (ms since the epoch; the resend countdown). */
  resendAt?: number;
}

export interface AuthDialogState extends AuthDialogData {
  kind: AuthDialogKind;
}

interface AuthDialogsValue {
  current: AuthDialogKind | null;
  state: AuthDialogState | null;
  show(kind: AuthDialogKind, data?: AuthDialogData): void;
  /** Closes the flow; with a kind, only if that step is still the one shown. */
  hide(kind?: AuthDialogKind): void;
}

const AuthDialogsContext = createContext<AuthDialogsValue | null>(null);

/** Which login-flow dialog is open. Screens open them; the shell renders them once. */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthDialogState | null>(null);
  const show = useCallback((kind: AuthDialogKind, data: AuthDialogData = {}) => setState({ ...data, kind }), []);
  const hide = useCallback(
    (kind?: AuthDialogKind) => setState((current) => (kind === undefined || current?.kind === kind ? null : current)),
    [],
  );
  const value = useMemo<AuthDialogsValue>(
    () => ({ current: state?.kind ?? null, state, show, hide }),
    [state, show, hide],
  );
  return <AuthDialogsContext value={value}>{children}</AuthDialogsContext>;
}

export function useAuthDialogs(): AuthDialogsValue {
  const value = useContext(AuthDialogsContext);
  if (!value) throw new Error('useAuthDialogs needs an AuthDialogsProvider');
  return value;
}
