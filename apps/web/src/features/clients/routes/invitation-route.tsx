import { CircleCheck, HeartHandshake, Link2Off, MailCheck, Stethoscope, UserX } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage, isApiError } from '@/lib/api-error';
import { useAuthStore } from '@/lib/auth-store';
import { useAcceptInvitation } from '../api/clients-api';
import { useClientsTranslation } from '../components/clients-i18n';
import { serverText } from '../components/server-text';

/**
 * /invitation/:token, the link of a provider's invitation mail (decision 0029): the person accepts it signed in as a
 * client, and only then is the import linked to their account. Signed out, the page offers sign-in (which comes back
 * here) and sign-up; a provider is told the link is for clients; a used or expired link gets the server's message.
 * The server accepts it only for the address it was sent to, once verified: a client signed in with another address
 * is told so, and one whose address is not verified yet is sent to verify it (and comes back here).
 */
export function InvitationRoute() {
  const { t } = useClientsTranslation();
  const { token = '' } = useParams();
  const status = useAuthStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  const accept = useAcceptInvitation();
  const here = `/invitation/${encodeURIComponent(token)}`;
  const hintId = useId();

  // The start-up refresh has not answered yet: a signed-in client must not see "sign in" for a moment.
  if (status === 'unknown') return <PageSpinner />;

  if (accept.isSuccess) {
    const name = accept.data.data.providerName;
    return (
      <Frame icon={CircleCheck} tone="success" title={serverText(accept.data.message, 'clientInviteAccepted')}>
        <p role="status" className="mt-3 text-slate-700">
          {name ? t('invitation.acceptedWith', { name }) : null}
        </p>
        <Link to="/appointments" className={buttonClasses({ fullWidth: true, className: 'mt-8' })}>
          {t('invitation.toAppointments')}
        </Link>
      </Frame>
    );
  }

  if (status === 'anonymous' || !user) {
    return (
      <Frame icon={HeartHandshake} title={t('invitation.title')}>
        <p className="mt-3 text-slate-700">{t('invitation.lead')}</p>
        <p className="mt-3 text-slate-700">{t('invitation.signedOutBody')}</p>
        <div className="mt-8 flex flex-col gap-3">
          <Link to={`/login?redirect=${encodeURIComponent(here)}`} className={buttonClasses({ fullWidth: true })}>
            {t('invitation.signIn')}
          </Link>
          <Link
            to={`/register/client?redirect=${encodeURIComponent(here)}`}
            aria-describedby={hintId}
            className={buttonClasses({ variant: 'secondary', fullWidth: true })}
          >
            {t('invitation.signUp')}
          </Link>
        </div>
        <p id={hintId} className="mt-3 text-sm text-slate-600">
          {t('invitation.signUpHint')}
        </p>
      </Frame>
    );
  }

  if (user.userType !== 'client') {
    return (
      <Frame icon={Stethoscope} title={t('invitation.providerTitle')}>
        <p className="mt-3 text-slate-700">{t('invitation.providerBody')}</p>
        <Link to="/overview" className={buttonClasses({ variant: 'secondary', fullWidth: true, className: 'mt-8' })}>
          {t('invitation.toOverview')}
        </Link>
      </Frame>
    );
  }

  if (accept.isError && isApiError(accept.error) && accept.error.code === 'EMAIL_NOT_VERIFIED') {
    return (
      <Frame icon={MailCheck} tone="warning" title={t('invitation.verifyFirstTitle')}>
        <Alert tone="error" className="mt-4 text-left">
          {errorMessage(accept.error)}
        </Alert>
        <p className="mt-3 text-slate-700">{t('invitation.verifyFirstBody', { email: user.email })}</p>
        <Link
          to={`/verify-email/pending?redirect=${encodeURIComponent(here)}`}
          className={buttonClasses({ fullWidth: true, className: 'mt-8' })}
        >
          {t('invitation.verifyFirst')}
        </Link>
      </Frame>
    );
  }

  if (accept.isError && isApiError(accept.error) && accept.error.status === 403) {
    return (
      <Frame icon={UserX} tone="warning" title={t('invitation.otherEmailTitle')}>
        <Alert tone="error" className="mt-4 text-left">
          {errorMessage(accept.error)}
        </Alert>
        <p className="mt-3 text-slate-700">{t('invitation.otherEmailBody', { email: user.email })}</p>
        <Link to="/overview" className={buttonClasses({ variant: 'secondary', fullWidth: true, className: 'mt-8' })}>
          {t('invitation.toOverview')}
        </Link>
      </Frame>
    );
  }

  if (accept.isError) {
    return (
      <Frame icon={Link2Off} tone="warning" title={t('invitation.invalidTitle')}>
        <Alert tone="error" className="mt-4 text-left">
          {errorMessage(accept.error)}
        </Alert>
        <Link to="/overview" className={buttonClasses({ variant: 'secondary', fullWidth: true, className: 'mt-8' })}>
          {t('invitation.toOverview')}
        </Link>
      </Frame>
    );
  }

  return (
    <Frame icon={HeartHandshake} title={t('invitation.title')}>
      <p className="mt-3 text-slate-700">{t('invitation.lead')}</p>
      <p className="mt-3 text-slate-700">{t('invitation.acceptBody', { email: user.email })}</p>
      <div className="mt-8 flex flex-col gap-3">
        <Button fullWidth pending={accept.isPending} onClick={() => accept.mutate(token)}>
          {t('invitation.accept')}
        </Button>
        <Link to="/overview" className={buttonClasses({ variant: 'secondary', fullWidth: true })}>
          {t('invitation.decline')}
        </Link>
      </div>
    </Frame>
  );
}

const tones = {
  brand: 'bg-brand-50 text-brand-700',
  success: 'bg-green-50 text-green-700',
  warning: 'bg-amber-50 text-amber-800',
} as const;

/** The page's card: an icon, the page's h1 and what follows. */
function Frame({
  icon: Icon,
  tone = 'brand',
  title,
  children,
}: {
  icon: typeof CircleCheck;
  tone?: keyof typeof tones;
  title: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <Card className="text-center">
        <section aria-labelledby={headingId}>
          <span className={`mx-auto flex size-14 items-center justify-center rounded-full ${tones[tone]}`}>
            <Icon className="size-7" aria-hidden="true" />
          </span>
          <h1 id={headingId} className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
            {title}
          </h1>
          {children}
        </section>
      </Card>
    </div>
  );
}
