import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { riskReviewsQuery } from '@/lib/risk-review';
import { useClientsTranslation } from './clients-i18n';

/**
 * Issue 47: "Needs attention" beside a client with an unseen risk answer (PHQ-9 item 9 above zero), until the provider
 * marks it seen on the overview. One query for the whole list (shared with the overview's card).
 */
export function ClientRiskBadge({ clientId }: { clientId: string | null }) {
  const { t } = useClientsTranslation();
  const risks = useQuery({ ...riskReviewsQuery(), enabled: !!clientId });
  if (!clientId || !risks.data?.some((r) => r.clientIdentifier === clientId)) return null;
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-inset ring-red-300">
      <AlertTriangle className="size-3.5" aria-hidden="true" />
      {t('risk.badge')}
    </span>
  );
}
