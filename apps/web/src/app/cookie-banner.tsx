import { Cookie } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import type { ConsentChoice } from '@/lib/consent';
import { readConsent, saveConsent } from '@/lib/consent';
import { tellAccount } from '@/lib/consent-sync';

/**
 * Cookie consent (spec §9): "Accept all" stores `true`; "Reject all" stores the custom value with every flag false,
 * offered with the same weight as "Accept all" (GDPR: refusing is as easy as accepting); "Customise" shows three
 * toggles whose choice is stored as flags. A non-modal region, so the page stays usable while it is open; all controls are native buttons.
 */
const REJECT_ALL: ConsentChoice = { analytics: false, advertising: false, personalization: false };

export function CookieBanner() {
  const { t } = useTranslation();
  const headingId = useId();
  const [visible, setVisible] = useState(() => readConsent() === null);
  const [customising, setCustomising] = useState(false);
  const [choice, setChoice] = useState<ConsentChoice>({ analytics: false, advertising: false, personalization: false });

  if (!visible) return null;

  const finish = (consent: true | ConsentChoice) => {
    saveConsent(consent);
    void tellAccount(consent);
    setVisible(false);
  };

  const toggles: { key: keyof ConsentChoice; label: string; description: string }[] = [
    { key: 'analytics', label: t('cookies.analytics'), description: t('cookies.analyticsDescription') },
    { key: 'advertising', label: t('cookies.advertising'), description: t('cookies.advertisingDescription') },
    {
      key: 'personalization',
      label: t('cookies.personalization'),
      description: t('cookies.personalizationDescription'),
    },
  ];

  return (
    <section
      aria-labelledby={headingId}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-8px_24px_rgba(15,23,42,0.08)]"
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
              <Button onClick={() => finish(REJECT_ALL)}>{t('cookies.rejectAll')}</Button>
              <Button onClick={() => finish(true)}>{t('cookies.acceptAll')}</Button>
            </div>
          )}
        </div>
        {customising && (
          <div className="mt-4 border-t border-slate-200 pt-4">
            <div className="flex flex-col gap-4">
              {toggles.map((toggle) => (
                <Switch
                  key={toggle.key}
                  label={toggle.label}
                  description={toggle.description}
                  checked={choice[toggle.key]}
                  onCheckedChange={(checked) => setChoice((c) => ({ ...c, [toggle.key]: checked }))}
                />
              ))}
            </div>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => finish(true)}>
                {t('cookies.acceptAll')}
              </Button>
              <Button onClick={() => finish(choice)}>{t('cookies.save')}</Button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
