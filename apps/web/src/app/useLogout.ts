import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '../lib/session/index.ts';

/** Sign out: forget the stored login state and go to the landing page. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    clearSession();
    void navigate('/', { replace: true });
  }, [navigate]);
}
