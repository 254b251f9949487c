import { lazy, Suspense } from 'react';
import { useAuthStore } from '@/lib/auth-store';
import { loadNamespaces } from '@/lib/i18n';

// Only signed-in clients load the waitlist's notice (and its translations).
const OfferNotice = lazy(async () => {
  const [mod] = await Promise.all([
    import('@/features/waitlist/components/offer-notice'),
    loadNamespaces(['waitlist']),
  ]);
  return { default: mod.OfferNotice };
});

/** Under the header: a slot held for the client from a waitlist (issue 19), on every page. */
export function WaitlistNoticeSlot() {
  const client = useAuthStore((s) => s.status === 'authenticated' && s.user?.userType === 'client');
  if (!client) return null;
  return (
    <Suspense fallback={null}>
      <OfferNotice />
    </Suspense>
  );
}
