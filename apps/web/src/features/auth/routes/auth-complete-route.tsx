import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { notify } from '@/lib/toast';
import { PageSpinner } from '@/components/page-spinner';
import { refreshSession } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { safeRedirect } from '@/lib/safe-redirect';
import { restoreSession } from '@/lib/session-actions';

/**
 * Landing point after Google sign-in: the server has set the refresh cookie, so a refresh yields the access token.
 * The start-up refresh usually has done that already; refreshSession shares any request still in flight.
 */
export function AuthCompleteRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      await restoreSession();
      const session = useAuthStore.getState().status === 'authenticated' ? true : await refreshSession();
      if (session) {
        await navigate(safeRedirect(redirect), { replace: true });
      } else {
        notify.error(t('authComplete.failed'));
        await navigate(`/login${redirect ? `?redirect=${encodeURIComponent(safeRedirect(redirect))}` : ''}`, {
          replace: true,
        });
      }
    })();
  }, [navigate, redirect, t]);

  return <PageSpinner label={t('authComplete.signingIn')} />;
}
