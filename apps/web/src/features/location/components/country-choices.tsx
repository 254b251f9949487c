import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { countryName } from '@/lib/country';
import { countriesQuery } from '@/lib/regions';

export interface CountryChoice {
  code: string;
  label: string;
}

/** Countries (operating ones, or all) named and sorted in the page's language. */
export function useCountryChoices(opts: { all?: boolean } = {}) {
  const { i18n } = useTranslation('location');
  const locale = i18n.resolvedLanguage ?? 'en';
  const countries = useQuery(countriesQuery({ all: opts.all }));
  const choices: CountryChoice[] = (countries.data ?? [])
    .map((c) => ({ code: c.code.toUpperCase(), label: countryName(c.code, locale, c.name) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
  return { countries, choices };
}

/** What a country list shows while it loads or after it failed (with a retry); nothing once it is there. */
export function CountryListStatus({ countries }: { countries: ReturnType<typeof useCountryChoices>['countries'] }) {
  const { t } = useTranslation('location');
  if (countries.isPending) {
    return (
      <div className="flex justify-center py-4 text-brand-700">
        <Spinner label={t('select.loading')} />
      </div>
    );
  }
  if (countries.isError) {
    return (
      <Alert
        tone="error"
        action={
          <Button size="sm" variant="secondary" onClick={() => void countries.refetch()}>
            {t('select.retry')}
          </Button>
        }
      >
        {t('select.failed')}
      </Alert>
    );
  }
  return null;
}
