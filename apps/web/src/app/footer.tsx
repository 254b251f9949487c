import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrisisHelp } from '@/components/crisis-help';
import { useAuthStore } from '@/lib/auth-store';
import { reopenConsentBanner } from '@/lib/consent';
import { countryName, detectCountryCode } from '@/lib/country';
import { openModal } from '@/lib/modal-store';
import { useHydrated } from '@/lib/use-hydrated';

export function Footer() {
  const { t, i18n } = useTranslation();
  const userCountry = useAuthStore((s) => s.user?.countryCode);
  // The browser's region is unknown to the server: the location shows once the page is hydrated.
  const hydrated = useHydrated();
  const code = hydrated ? detectCountryCode(userCountry) : null;
  const year = new Date().getFullYear();

  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      {/* Issue 48: on every page, before anything else the footer says. */}
      <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
        <CrisisHelp />
      </div>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 text-sm text-slate-700 sm:px-6 md:flex-row md:items-center md:justify-between">
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/policy/client-cancellation">{t('footer.clientPolicy')}</Link>
            </li>
            <li>
              <Link to="/policy/provider-cancellation">{t('footer.providerPolicy')}</Link>
            </li>
            <li>
              <Link to="/terms">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/privacy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('footer.contact')}</Link>
            </li>
            <li>
              {/* Issue 49: the analytics choice can be changed later, from every page. */}
              <button
                type="button"
                onClick={(e) => reopenConsentBanner(e.currentTarget)}
                className="rounded text-left text-brand-700 underline underline-offset-2 hover:text-brand-900"
              >
                {t('footer.cookieSettings')}
              </button>
            </li>
          </ul>
        </nav>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
          <button
            type="button"
            onClick={() => openModal('preferences')}
            className="inline-flex items-center gap-2 self-start rounded-lg text-left font-medium text-brand-700 hover:underline"
          >
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {code
              ? t('footer.location', { country: countryName(code, i18n.resolvedLanguage ?? 'en') })
              : t('footer.chooseLocation')}
          </button>
          <p>{t('footer.copyright', { year })}</p>
        </div>
      </div>
    </footer>
  );
}
