import { ClipboardX, HeartHandshake } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isApiError } from '@/lib/api-error';
import { measureLinkQuery, useAnswerMeasureLink } from '../api/measures-api';
import { QuestionnaireForm } from '../components/questionnaire-form';
import { useMeasuresTranslation } from '../i18n';

/**
 * /questionnaire/:token, a one-time link mailed to a client without an account (decision 0053): no sign-in, the
 * questionnaire once, then a thank-you. A used or expired link says so (the server's message).
 */
export function QuestionnaireLinkRoute() {
  const { t } = useMeasuresTranslation();
  const { token = '' } = useParams();
  const view = useQuery(measureLinkQuery(token));
  const answer = useAnswerMeasureLink(token);
  const from = view.data?.providerName ?? t('yourTherapist');

  if (answer.isSuccess) {
    return (
      <Page>
        <h1 className="sr-only">{t('link.title')}</h1>
        <EmptyState
          icon={HeartHandshake}
          title={t('link.doneTitle')}
          description={t('link.doneText', { name: from })}
          headingLevel={2}
        />
      </Page>
    );
  }
  if (view.isPending) {
    return (
      <Page>
        <h1 className="sr-only">{t('link.title')}</h1>
        <div className="flex justify-center py-16">
          <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-700">
            <Spinner size="md" className="text-brand-700" />
            {t('loading')}
          </span>
        </div>
      </Page>
    );
  }
  if (view.isError && isApiError(view.error) && view.error.status === 400) {
    return (
      <Page>
        <h1 className="sr-only">{t('link.title')}</h1>
        <EmptyState
          icon={ClipboardX}
          title={t('link.invalidTitle')}
          description={errorMessage(view.error)}
          headingLevel={2}
        />
      </Page>
    );
  }
  if (view.isError) {
    return (
      <Page>
        <h1 className="text-2xl font-semibold text-slate-900">{t('link.title')}</h1>
        <Alert
          tone="error"
          className="mt-6"
          action={
            <Button size="sm" variant="secondary" pending={view.isFetching} onClick={() => void view.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      </Page>
    );
  }
  return (
    <Page>
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t(`kindLong.${view.data.kind}`)}
        </h1>
        <p className="mt-1 text-sm text-slate-700">{t('fill.from', { name: from })}</p>
        <p className="mt-1 text-sm text-slate-700">{t('link.lead')}</p>
      </header>
      <QuestionnaireForm
        kind={view.data.kind}
        providerName={view.data.providerName}
        pending={answer.isPending}
        onAnswers={(answers, onError) => answer.mutate(answers, { onError })}
      />
    </Page>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6 sm:py-10">{children}</div>;
}
