import { lazy, Suspense } from 'react';
import { useAuthStore } from '@/lib/auth-store';
import { loadNamespaces } from '@/lib/i18n';

// Only providers load the checklist card (and its translations) into /overview.
const OverviewChecklistCard = lazy(async () => {
  const [mod] = await Promise.all([
    import('@/features/verification/routes/overview-checklist-card'),
    loadNamespaces(['verification']),
  ]);
  return { default: mod.OverviewChecklistCard };
});

/** /overview's provider part: the practice set-up checklist (issue 14). */
export function OverviewPracticeSlot() {
  const userType = useAuthStore((s) => s.user?.userType);
  if (userType !== 'provider') return null;
  return (
    <Suspense fallback={null}>
      <OverviewChecklistCard />
    </Suspense>
  );
}
