import { useQuery } from '@tanstack/react-query';
import {
  kindOfUnsubscribeToken,
  mailPreferences as mailPreferencesSchema,
  notificationMailKinds,
  type MailPreferences,
} from '@therapy/contracts/mail-preferences';
import { Mail, MailX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { SectionCard } from '@/components/section-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth-store';
import { mailPreferencesQuery, useSaveMailPreferences, useUnsubscribe } from '../api/mail-preferences-api';

/** A mail's unsubscribe link (`?token=`): asks first, then sends the same one-click POST a mail client would. */
function UnsubscribeLink({ token }: { token: string }) {
  const { t } = useTranslation('mail-preferences');
  const unsubscribe = useUnsubscribe();
  const kind = kindOfUnsubscribeToken(token);
  return (
    <SectionCard icon={MailX} title={t('linkTitle')}>
      {kind && <p className="mb-4">{t(`linkKind.${kind}`)}</p>}
      {unsubscribe.isSuccess ? (
        <Alert tone="success">{unsubscribe.data.message}</Alert>
      ) : (
        <>
          {unsubscribe.isError && <Alert tone="error">{unsubscribe.error.message}</Alert>}
          <Button type="button" onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending}>
            {t('stop')}
          </Button>
        </>
      )}
    </SectionCard>
  );
}

/** The signed-in user's choice per kind (GET/PUT /user/mail-preferences, the contract's schema). */
function PreferencesForm() {
  const { t } = useTranslation('mail-preferences');
  const query = useQuery(mailPreferencesQuery());
  const save = useSaveMailPreferences();
  // The user's unsaved changes over what the server holds.
  const [draft, setValue] = useState<MailPreferences | undefined>();
  const value = draft ?? query.data;
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  if (!value) return <Spinner label={t('loading')} />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(mailPreferencesSchema.parse(value));
  };
  return (
    <SectionCard icon={Mail} title={t('title')}>
      <form onSubmit={submit} className="space-y-3">
        {notificationMailKinds.map((kind) => (
          <Checkbox
            key={kind}
            name={kind}
            label={t(`kinds.${kind}`)}
            checked={value[kind]}
            onChange={(e) => setValue({ ...value, [kind]: e.target.checked })}
          />
        ))}
        {save.isSuccess && <Alert tone="success">{save.data.message}</Alert>}
        {save.isError && <Alert tone="error">{save.error.message}</Alert>}
        <Button type="submit" disabled={save.isPending}>
          {t('save')}
        </Button>
      </form>
    </SectionCard>
  );
}

/** /mail-preferences (issue 49, decision 0064): opened from a mail's unsubscribe link, or from the account. */
export function MailPreferencesRoute() {
  const { t } = useTranslation('mail-preferences');
  const [search] = useSearchParams();
  const token = search.get('token');
  const signedIn = useAuthStore((s) => Boolean(s.user));
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('title')} lead={t('lead')} />
      {token && <UnsubscribeLink token={token} />}
      {signedIn ? <PreferencesForm /> : <p>{t('signInForMore')}</p>}
    </div>
  );
}
