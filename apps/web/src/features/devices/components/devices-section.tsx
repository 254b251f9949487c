import { useQuery } from '@tanstack/react-query';
import type { SignedInSession } from '@therapy/contracts/sessions';
import { Laptop, MonitorSmartphone } from 'lucide-react';
import { SectionCard } from '@/components/section-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { useModalStore } from '@/lib/modal-store';
import { devicesQuery } from '../api/devices-api';
import { useDevicesTranslation } from '../i18n';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{value}</dd>
    </div>
  );
}

function DeviceItem({ session, locale }: { session: SignedInSession; locale: string }) {
  const { t } = useDevicesTranslation();
  const openModal = useModalStore((s) => s.open);
  const name = session.device ?? t('unknownDevice');
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <Laptop className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="break-words">{name}</span>
          {session.current && (
            <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800">
              {t('thisDevice')}
            </span>
          )}
        </p>
        <dl className="mt-2 grid gap-2 sm:grid-cols-3 sm:gap-4">
          <Fact label={t('address')} value={session.ipAddress ?? t('unknownAddress')} />
          <Fact label={t('signedInAt')} value={formatDateTime(session.createdAt, locale)} />
          <Fact label={t('lastActive')} value={formatDateTime(session.lastActiveAt, locale)} />
        </dl>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          aria-label={t('signOutNamed', { device: name })}
          onClick={() => openModal('device-sign-out', { session: { identifier: session.identifier, device: name } })}
        >
          {t('signOut')}
        </Button>
      )}
    </li>
  );
}

/**
 * /account?section=devices (issue 20): where the user is signed in, this device marked, with "Sign out" for each other
 * device and for all of them. The address is the place: there is no geo database (decision 0036).
 */
export function DevicesSection() {
  const { t, i18n } = useDevicesTranslation();
  const devices = useQuery(devicesQuery());
  const openModal = useModalStore((s) => s.open);
  const locale = i18n.resolvedLanguage ?? 'en';
  const others = devices.data?.filter((s) => !s.current) ?? [];

  return (
    <SectionCard icon={MonitorSmartphone} title={t('title')} description={t('description')}>
      {devices.isPending ? (
        <Spinner label={t('loading')} />
      ) : devices.isError ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void devices.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col gap-3" aria-label={t('listLabel')}>
            {devices.data.map((session) => (
              <DeviceItem key={session.identifier} session={session} locale={locale} />
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="text-sm text-slate-700">{t('noOthers')}</p>
          ) : (
            <Button variant="danger" className="self-start" onClick={() => openModal('device-sign-out', {})}>
              {t('signOutOthers')}
            </Button>
          )}
        </div>
      )}
    </SectionCard>
  );
}
