import { authContract } from '@madreseh/contract/auth/auth.contract';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../lib/api-client';
import { clearSession } from '../../lib/cookies';
import { fa } from '../../messages/fa';

/** Ends the session on the server, clears both cookies and goes to /auth. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await call(authContract.logout);
    } catch (err) {
      // The cookies go either way; an expired session is already over on the server.
      console.warn('Logout call failed', err);
    }
    clearSession();
    queryClient.clear();
    notifications.show({ message: fa.auth.loggedOut });
    navigate('/auth', { replace: true });
  }, [navigate, queryClient]);
}
