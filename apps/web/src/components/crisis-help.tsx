import { clsx } from 'clsx';
import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@/lib/auth-store';
import { chosenCountryCode, detectCountryCode } from '@/lib/country';
import { useHydrated } from '@/lib/use-hydrated';

export type CrisisLine = 'us' | 'eu' | 'uk';

const numbers: Record<CrisisLine, { tel: string; shown: string }> = {
  us: { tel: '988', shown: '988' },
  eu: { tel: '112', shown: '112' },
  uk: { tel: '116123', shown: '116 123' },
};

/** Where 112 is the emergency number: the EU and the rest of the EEA and Switzerland. */
const europe = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO CH'.split(' '),
);

/**
 * The visitor's own line first, then the others: a traveller, or a wrong guess of the country, still finds theirs.
 * Without a country the German page leads with 112, the English one keeps the order US, EU, UK.
 */
export function crisisLines(countryCode: string | null, locale: string): CrisisLine[] {
  const first: CrisisLine | null =
    countryCode === 'US'
      ? 'us'
      : countryCode === 'GB'
        ? 'uk'
        : countryCode && europe.has(countryCode)
          ? 'eu'
          : !countryCode && locale === 'de'
            ? 'eu'
            : null;
  const all: CrisisLine[] = ['us', 'eu', 'uk'];
  return first ? [first, ...all.filter((line) => line !== first)] : all;
}

/**
 * Issue 48 "Help in a crisis": "In crisis? Call 988 (US) / 112 (EU) / 116 123 (UK, Samaritans)", every number a
 * tel: link whose name says what it does ("Call 988 (US)"), by the visitor's country (the footer's location: the
 * chosen country, else the account's, else the browser's region). The server renders it with the chosen country
 * only (the cookie it sees), so the first browser render matches; the browser's region joins after hydration.
 */
export function CrisisHelp({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const userCountry = useAuthStore((s) => s.user?.countryCode);
  const hydrated = useHydrated();
  const country = hydrated ? detectCountryCode(userCountry) : chosenCountryCode();
  const lines = crisisLines(country, i18n.resolvedLanguage ?? 'en');

  return (
    <p
      data-testid="crisis-help"
      className={clsx(
        'flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-800',
        compact ? '' : 'rounded-lg border border-slate-200 bg-slate-50 px-3 py-2',
        className,
      )}
    >
      <LifeBuoy className="size-4 shrink-0 text-red-700" aria-hidden="true" />
      <strong className="font-semibold text-slate-900">{t('crisis.lead')}</strong>
      {lines.map((line, index) => (
        <span key={line} className="inline-flex items-center gap-2">
          {index > 0 && <span aria-hidden="true">/</span>}
          <a href={`tel:${numbers[line].tel}`} className="font-medium text-red-800 underline underline-offset-2">
            <span className="sr-only">{t('crisis.call')}</span> {t(`crisis.${line}`, { number: numbers[line].shown })}
          </a>
        </span>
      ))}
    </p>
  );
}
