import type { WalletBalance } from '@therapy/contracts/wallet';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';

/**
 * The wallets the user holds, one per currency (the own first), as buttons that choose which one the page shows.
 * Shown only when there is more than one: a single wallet needs no choice.
 */
export function CurrencySwitch({
  wallets,
  selected,
  onSelect,
}: {
  wallets: WalletBalance[];
  selected: string;
  onSelect: (currency: string) => void;
}) {
  const { t, i18n } = useTranslation('wallet');
  const locale = i18n.resolvedLanguage ?? 'en';
  if (wallets.length < 2) return null;
  return (
    <div role="group" aria-label={t('wallets.label')} className="flex flex-wrap gap-2">
      {wallets.map((w) => {
        const active = w.currency === selected;
        return (
          <button
            key={w.currency}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect(w.currency)}
            className={clsx(
              'flex min-h-11 items-baseline gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
              active
                ? 'border-brand-800 bg-brand-800 text-white'
                : 'border-slate-300 bg-white text-slate-900 hover:border-brand-600',
            )}
          >
            <span>{w.currency}</span>
            <span className={clsx('font-medium', active ? 'text-brand-50' : 'text-slate-600')}>
              {formatMoney(w.balance, w.currency, locale)}
            </span>
          </button>
        );
      })}
    </div>
  );
}
