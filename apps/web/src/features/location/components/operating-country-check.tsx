import { cookieNames } from '@therapy/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { appConfigQuery } from '@/lib/app-config';
import { useAuthStore } from '@/lib/auth-store';
import { detectCountryCode } from '@/lib/country';
import { openModal, useModalStore } from '@/lib/modal-store';
import { getCookie } from '@/lib/storage';

/**
 * Once per page load, after the session is known (its country counts): if the user's country is not one we
 * operate in, and they have not chosen to continue anyway, show the non-operating-country prompt.
 */
export function OperatingCountryCheck() {
  const status = useAuthStore((s) => s.status);
  const userCountry = useAuthStore((s) => s.user?.countryCode);
  const config = useQuery({ ...appConfigQuery, enabled: status !== 'unknown' });
  const done = useRef(false);

  useEffect(() => {
    if (done.current || status === 'unknown' || !config.data) return;
    done.current = true;
    if (getCookie(cookieNames.ignoreOperatingCountryPrompt)) return;
    const operating = config.data.operatingCountries.map((code) => code.toUpperCase());
    const country = detectCountryCode(userCountry);
    // No list means the deployment does not restrict countries; no country means there is nothing to compare.
    if (operating.length === 0 || !country || operating.includes(country)) return;
    // Never push aside a modal the user opened themselves.
    if (useModalStore.getState().modals.length > 0) return;
    openModal('non-operating-country', { countryCode: country });
  }, [status, userCountry, config.data]);

  return null;
}
