import type { Locale } from '@therapy/contracts/messages';
import { Globe } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '@/lib/api-error';
import { isLocale, supportedLocales } from '@/lib/i18n';
import { savePreferences } from '@/lib/preferences';

// Each language is named in itself, so someone who cannot read the current language still finds their own.
const ownNames: Record<Locale, string> = { en: 'English', de: 'Deutsch' };

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  const change = (value: string) => {
    if (!isLocale(value) || value === current) return;
    savePreferences({ locale: value }).catch(toastError);
  };

  return (
    <div className="relative flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('header.language')}
      </label>
      <Globe className="pointer-events-none absolute left-2.5 size-4 text-slate-600" aria-hidden="true" />
      <select
        id={id}
        value={current}
        onChange={(e) => change(e.target.value)}
        className="h-10 appearance-none rounded-lg border border-slate-500 bg-white py-0 pl-8 pr-2.5 text-sm font-medium text-slate-800 hover:border-slate-400"
      >
        {supportedLocales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {ownNames[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
