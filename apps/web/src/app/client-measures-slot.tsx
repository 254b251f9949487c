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

// A client without an account (decision 0053): their record, its invitation, edit and delete.
const ClientRecordPanel = lazy(async () => {
  const [mod] = await Promise.all([
    import('@/features/clients/components/client-record-panel'),
    loadNamespaces(['clients']),
  ]);
  return { default: mod.ClientRecordPanel };
});

/**
 * A client's page, provider side: the record of a client without an account (decision 0053), and the questionnaires
 * sent to the client and their scores over time (issue 20).
 */
export function ClientMeasuresSlot() {
  const userType = useAuthStore((s) => s.user?.userType);
  const { clientId } = useParams();
  if (userType !== 'provider' || !clientId) return null;
  return (
    <Suspense fallback={null}>
      <ClientRecordPanel clientId={clientId} />
      <ClientMeasuresSection clientId={clientId} />
    </Suspense>
  );
}
