import { CLIENT_INVITE_DAYS } from '@therapy/contracts/clients';
import { clsx } from 'clsx';
import { ArrowLeft, FileSpreadsheet, Mail, UserPlus } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { Card } from '@/components/ui/card';
import { useModalStore } from '@/lib/modal-store';
import { useClientsTranslation } from '../components/clients-i18n';
import { EmailInviteForm, ManualEntryForm } from '../components/import-forms';

type Mode = 'email' | 'manual';

/**
 * /clients/imported/email-manual (spec §2): invite a client by email ("Mail Sent Successfully") or enter their
 * details by hand ("Details Saved Successfully"); the choice is in the address (`?mode=manual`), so Back keeps it.
 */
export function EmailManualRoute() {
  const { t } = useClientsTranslation();
  const openModal = useModalStore((s) => s.open);
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'manual' ? 'manual' : 'email';
  const headingId = useId();
  const introId = useId();

  const choose = (next: Mode) => setParams(next === 'manual' ? { mode: 'manual' } : {}, { replace: true });
  const modes: Array<{ key: Mode; label: string; Icon: typeof Mail }> = [
    { key: 'email', label: t('emailManual.emailTab'), Icon: Mail },
    { key: 'manual', label: t('emailManual.manualTab'), Icon: UserPlus },
  ];

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/clients/imported/" className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-medium">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('emailManual.back')}
      </Link>
      <PageHeading title={t('emailManual.title')} lead={t('emailManual.lead')} />

      <div
        role="group"
        aria-label={t('emailManual.modeLabel')}
        className="grid grid-cols-2 gap-2 rounded-xl bg-slate-100 p-1"
      >
        {modes.map(({ key, label, Icon }) => (
          <button
            key={key}
            type="button"
            aria-pressed={mode === key}
            onClick={() => choose(key)}
            className={clsx(
              'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
              mode === key
                ? 'bg-white text-brand-800 shadow-sm ring-1 ring-slate-200'
                : 'text-slate-700 hover:bg-white/60',
            )}
          >
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            {label}
          </button>
        ))}
      </div>

      <Card className="mt-6">
        <section aria-labelledby={headingId} aria-describedby={introId}>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {mode === 'email' ? t('emailManual.emailTab') : t('emailManual.manualTab')}
          </h2>
          <p id={introId} className="mt-1 mb-5 text-sm text-slate-700">
            {mode === 'email'
              ? t('emailManual.emailIntro', { days: CLIENT_INVITE_DAYS })
              : t('emailManual.manualIntro')}
          </p>
          {/* Keyed: switching starts the other form fresh. */}
          {mode === 'email' ? (
            <EmailInviteForm key="email" onDone={() => openModal('client-import-success', { kind: 'email' })} />
          ) : (
            <ManualEntryForm key="manual" onDone={() => openModal('client-import-success', { kind: 'manual' })} />
          )}
        </section>
      </Card>

      <p className="mt-6 text-sm">
        <Link to="/clients/imported/csv" className="inline-flex min-h-11 items-center gap-2 font-medium">
          <FileSpreadsheet aria-hidden="true" className="size-4" />
          {t('emailManual.csvLink')}
        </Link>
      </p>
    </div>
  );
}
