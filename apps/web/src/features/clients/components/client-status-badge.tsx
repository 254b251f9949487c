import type { ProviderClientEntry } from '@therapy/contracts/clients';
import { clsx } from 'clsx';
import { useClientsTranslation } from './clients-i18n';

const tones: Record<ProviderClientEntry['status'], string> = {
  active: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  invited: 'bg-amber-50 text-amber-900 ring-amber-300',
  added: 'bg-slate-100 text-slate-800 ring-slate-300',
};

/** active: booked or accepted an invitation; invited: mailed, not accepted yet; added: entered by hand or from a file. */
export function ClientStatusBadge({ status }: { status: ProviderClientEntry['status'] }) {
  const { t } = useClientsTranslation();
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[status],
      )}
    >
      {t(`status.${status}`)}
    </span>
  );
}
