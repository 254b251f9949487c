import { lazy, Suspense } from 'react';
import { useAuthStore } from '@/lib/auth-store';
import { loadNamespaces } from '@/lib/i18n';

// Only signed-in clients load the questionnaire notice (and its translations).
const PendingMeasuresNotice = lazy(async () => {
  const [mod] = await Promise.all([
    import('@/features/measures/components/pending-notice'),
    loadNamespaces(['measures']),
  ]);
  return { default: mod.PendingMeasuresNotice };
});

/** Under the header: a questionnaire from the client's therapist waits to be filled in (issue 20), on every page. */
export function MeasuresNoticeSlot() {
  const client = useAuthStore((s) => s.status === 'authenticated' && s.user?.userType === 'client');
  if (!client) return null;
  return (
    <Suspense fallback={null}>
      <PendingMeasuresNotice />
    </Suspense>
  );
}
