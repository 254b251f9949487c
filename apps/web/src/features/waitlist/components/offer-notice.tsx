import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useAuthStore } from '@/lib/auth-store';
import { waitlistQuery } from '../api/waitlist-api';
import { clockTime, offerWhen } from './offer-time';
import { useWaitlistTranslation } from '../i18n';

/**
 * The in-app notice of a held waitlist slot (issue 19), on every page of a signed-in client but the waitlist itself:
 * who, when, until when, and the way to book it.
 */
export function OfferNotice() {
  const { t, locale } = useWaitlistTranslation();
  const client = useAuthStore((s) => s.status === 'authenticated' && s.user?.userType === 'client');
  const { pathname } = useLocation();
  const list = useQuery({ ...waitlistQuery(), enabled: client });
  const held = list.data?.find((e) => e.offer?.status === 'open');
  if (!client || !held?.offer || pathname.startsWith('/waitlist')) return null;
  return (
    <div role="status" className="border-b border-brand-200 bg-brand-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <BellRing className="hidden size-5 shrink-0 text-brand-800 sm:block" aria-hidden="true" />
        <p className="min-w-0 flex-1 text-sm text-slate-900">
          {t('notice.text', {
            name: held.provider.name ?? t('someone'),
            when: offerWhen(held.offer.startsAt, held.offer.endsAt, locale),
            until: clockTime(held.offer.expiresAt, locale),
          })}
        </p>
        <Link
          to={`/waitlist?offer=${held.offer.identifier}`}
          className={buttonClasses({ size: 'sm', className: 'self-start sm:self-auto' })}
        >
          {t('notice.open')}
        </Link>
      </div>
    </div>
  );
}
