import { Cookie } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { Consent } from '@/lib/consent';
import { closeConsentBanner, readConsent, saveConsent, useConsentBanner } from '@/lib/consent';
import { tellAccount } from '@/lib/consent-sync';

const CookieChoices = lazy(() => import('./cookie-choices').then((m) => ({ default: m.CookieChoices })));

/**
 * Cookie consent (spec §9): "Accept all" stores `true`; "Reject all" stores the custom value with every flag false,
 * offered with the same weight as "Accept all" (GDPR: refusing is as easy as accepting); "Customise" shows three
 * toggles whose choice is stored as flags. A non-modal region, so the page stays usable while it is open; all controls are native buttons.
 * The footer's "Cookie settings" opens it again on the switches, set as stored, to change the choice later (issue 49).
 */
export function CookieBanner() {
  // Shown until a first choice is made, and again whenever the footer's "Cookie settings" asks for it.
  const [undecided, setUndecided] = useState(() => readConsent() === null);
  const reopened = useConsentBanner((s) => s.reopened);
  if (!undecided && !reopened) return null;
  const done = () => {
    setUndecided(false);
    closeConsentBanner();
  };
  // A new form when reopened: it starts from the stored choice, not from what was typed before.
  return <ConsentForm key={String(reopened)} reopened={reopened} onDone={done} />;
}

function ConsentForm({ reopened, onDone }: { reopened: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const region = useRef<HTMLElement>(null);
  // Reopened, the banner shows the current choice switch by switch, ready to change.
  const [customising, setCustomising] = useState(reopened);
  const [stored] = useState(() => (reopened ? readConsent() : null));

  // Asked for from the footer: focus moves into the banner, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (reopened) region.current?.focus();
  }, [reopened]);

  const finish = (consent: Consent) => {
    saveConsent(consent);
    void tellAccount(consent);
    onDone();
  };

  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-labelledby={headingId}
      onKeyDown={(e) => {
        // Escape leaves a choice already made as it was (a first visit has none to keep).
        if (stored !== null && e.key === 'Escape') onDone();
      }}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-8px_24px_rgba(15,23,42,0.08)] outline-none"
    >
      <div className="mx-auto max-h-[70vh] max-w-6xl overflow-y-auto px-4 py-4 sm:px-6">
        <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
          <div className="flex min-w-0 gap-3">
            <Cookie className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <div className="min-w-0">
              <h2 id={headingId} className="text-base font-semibold text-slate-900">
                {t('cookies.title')}
              </h2>
              <p className="mt-1 text-sm text-slate-700">
                {t('cookies.body')} <Link to="/privacy#cookies">{t('cookies.privacyLink')}</Link>
              </p>
            </div>
          </div>
          {!customising && (
            <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
              <Button variant="secondary" onClick={() => setCustomising(true)}>
                {t('cookies.customise')}
              </Button>
              <Button onClick={() => finish({ analytics: false, advertising: false, personalization: false })}>
                {t('cookies.rejectAll')}
              </Button>
              <Button onClick={() => finish(true)}>{t('cookies.acceptAll')}</Button>
            </div>
          )}
        </div>
        {customising && (
          <Suspense fallback={<Spinner label={t('ui.loading')} className="mt-4" />}>
            <CookieChoices stored={stored} reopened={reopened} onChoose={finish} onKeep={onDone} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
