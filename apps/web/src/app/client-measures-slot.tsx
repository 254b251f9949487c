import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { useAuthStore } from '@/lib/auth-store';
import { loadNamespaces } from '@/lib/i18n';

// Only providers load the questionnaires (the chart library and the translations) into a client's page.
const ClientMeasuresSection = lazy(async () => {
  const [mod] = await Promise.all([
    import('@/features/measures/components/client-measures-section'),
    loadNamespaces(['measures']),
  ]);
  return { default: mod.ClientMeasuresSection };
});

/** A client's page, provider side: the questionnaires sent to the client and their scores over time (issue 20). */
export function ClientMeasuresSlot() {
  const userType = useAuthStore((s) => s.user?.userType);
  const { clientId } = useParams();
  if (userType !== 'provider' || !clientId) return null;
  return (
    <Suspense fallback={null}>
      <ClientMeasuresSection clientId={clientId} />
    </Suspense>
  );
}
