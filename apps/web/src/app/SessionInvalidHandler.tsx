import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserRoutes } from '@karera/shared';
import { showAlert } from '../lib/alerts.ts';
import { useAuthDialogs } from '../lib/authDialogs.tsx';
import { onSessionInvalid } from '../lib/userApi.ts';
import { forgetPlayer } from '../lib/useLogout.ts';

/**
 * The one place that handles status 107 (docs/product/accounts.md#sessions): whichever call got it, the
 * stored and shared session data is cleared and the player lands on '/'. A balance refresh first
 * says why ('session expired, please relogin').
 */
export function SessionInvalidHandler() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hide } = useAuthDialogs();

  useEffect(
    () =>
      onSessionInvalid((route) => {
        if (route === UserRoutes.getBalance) showAlert(t('messages.sessionExpired'));
        forgetPlayer();
        hide();
        void navigate('/', { replace: true });
      }),
    [t, navigate, hide],
  );
  return null;
}
