import { message } from '@therapy/contracts/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { useAnswerReschedule } from '../api/booking-changes-api';
import { failureText, formatWhen, otherPartyName, ResultScreen, serverText } from '../components/shared';

/** The other party's reschedule request (from and to, in the viewer's zone, and its note): accept or decline it. */
export function AnswerRescheduleModal({ booking, role, onClose }: ModalComponentProps<'answer-reschedule'>) {
  const { t, i18n } = useTranslation('booking-changes');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const answer = useAnswerReschedule();
  const [result, setResult] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const request = booking.reschedules.find((r) => r.status === 'pending' && r.requestedBy !== role);

  if (result)
    return (
      <ResultScreen title={t('answer.successTitle')} onClose={onClose}>
        {result}
      </ResultScreen>
    );

  if (!request) {
    return (
      <div>
        <DialogTitle>{t('answer.title')}</DialogTitle>
        <DialogDescription>{message('noRescheduleRequest', currentLocale())}</DialogDescription>
        <DialogActions>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </DialogActions>
      </div>
    );
  }

  const send = async (status: 'accepted' | 'rejected') => {
    setServerError(null);
    try {
      const res = await answer.mutateAsync({ id: booking.identifier, status });
      setResult(serverText(res.message, status === 'accepted' ? 'rescheduleAccepted' : 'rescheduleRejected'));
    } catch (error) {
      setServerError(failureText(error));
    }
  };

  const pendingStatus = answer.isPending ? answer.variables.status : null;
  return (
    <div aria-busy={answer.isPending}>
      <DialogTitle>{t('answer.title')}</DialogTitle>
      <DialogDescription>{t('answer.lead', { name: otherPartyName(booking, role) })}</DialogDescription>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 rounded-lg bg-slate-50 p-3 text-sm">
        <dt className="text-slate-600">{t('answer.from')}</dt>
        <dd className="break-words text-slate-900">
          {formatWhen(request.fromStartTime, request.fromEndTime, locale) ?? t('common.noTime')}
        </dd>
        <dt className="text-slate-600">{t('answer.to')}</dt>
        <dd className="font-medium break-words text-slate-900">
          {formatWhen(request.toStartTime, request.toEndTime, locale)}
        </dd>
        <dt className="text-slate-600">{t('answer.note')}</dt>
        <dd className="break-words whitespace-pre-line text-slate-900">{request.note ?? t('answer.noNote')}</dd>
      </dl>
      {serverError && (
        <Alert tone="error" className="mt-4">
          {serverError}
        </Alert>
      )}
      <DialogActions>
        <Button
          variant="secondary"
          pending={pendingStatus === 'rejected'}
          disabled={answer.isPending}
          onClick={() => void send('rejected')}
        >
          {t('answer.decline')}
        </Button>
        <Button
          pending={pendingStatus === 'accepted'}
          disabled={answer.isPending}
          onClick={() => void send('accepted')}
        >
          {t('answer.accept')}
        </Button>
      </DialogActions>
    </div>
  );
}
