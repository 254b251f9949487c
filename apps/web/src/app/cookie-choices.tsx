import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import type { Consent, ConsentChoice } from '@/lib/consent';

const NONE: ConsentChoice = { analytics: false, advertising: false, personalization: false };

/**
 * The banner's switches, one per purpose (spec §9), loaded when "Customise" or the footer's "Cookie settings" asks
 * for them, so the landing page does not carry them. Reopened over a stored choice, they start from it, and the
 * banner can be left with it unchanged.
 */
export function CookieChoices({
  stored,
  reopened,
  onChoose,
  onKeep,
}: {
  stored: Consent | null;
  reopened: boolean;
  onChoose: (consent: Consent) => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<ConsentChoice>(
    stored === true ? { analytics: true, advertising: true, personalization: true } : (stored ?? NONE),
  );
  const toggles = ['analytics', 'advertising', 'personalization'] as const;
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <div className="flex flex-col gap-4">
        {toggles.map((key) => (
          <Switch
            key={key}
            label={t(`cookies.${key}`)}
            description={t(`cookies.${key}Description`)}
            checked={choice[key]}
            onCheckedChange={(checked) => setChoice((c) => ({ ...c, [key]: checked }))}
          />
        ))}
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onChoose(true)}>
          {t('cookies.acceptAll')}
        </Button>
        {reopened && (
          <Button variant="secondary" onClick={() => onChoose(NONE)}>
            {t('cookies.rejectAll')}
          </Button>
        )}
        {stored !== null && (
          <Button variant="secondary" onClick={onKeep}>
            {t('cookies.keep')}
          </Button>
        )}
        <Button onClick={() => onChoose(choice)}>{t('cookies.save')}</Button>
      </div>
    </div>
  );
}
