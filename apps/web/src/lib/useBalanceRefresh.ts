import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPeso } from '@karera/shared';
import { balanceStore, useBalance } from './balance.ts';

/**
 * Reads getBalance again (the header's refresh, a money notice, a refusal): `mutate` asks the server,
 * `isPending` while it answers. A 107 is handled centrally (alert 'session expired, please relogin', then
 * landing); another failure keeps the figures the server gave last.
 */
export function useBalanceRefresh() {
  const { reading } = useBalance();
  const mutate = useCallback(() => void balanceStore.reload({ fresh: true }), []);
  return { mutate, isPending: reading };
}

/**
 * The server's balance on every page load and whenever the player comes back to the page (it shows again,
 * or the window takes the focus): a deposit approved while the site was closed or in the background shows
 * without a refresh. Mounted once, by the player layout.
 */
export function useBalanceSync(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return undefined;
    void balanceStore.reload({ fresh: true });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void balanceStore.reload();
    };
    const onFocus = () => void balanceStore.reload();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onFocus);
    window.addEventListener('pageshow', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('pageshow', onFocus);
    };
  }, [signedIn]);
}

/** A balance as text: the server's figure, a loading word until it answers (never ₱0.00), '—' if it failed. */
export function useBalanceText(): (value: 'credit' | 'bonus') => string {
  const { t } = useTranslation();
  const balance = useBalance();
  return useCallback(
    (value: 'credit' | 'bonus') => {
      const amount = balance[value];
      if (balance.status === 'ready' && amount !== null) return formatPeso(amount);
      return balance.status === 'loading' ? t('player.balanceLoading') : t('common.unknownAmount');
    },
    [balance, t],
  );
}
