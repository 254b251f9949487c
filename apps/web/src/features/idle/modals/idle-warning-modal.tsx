import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { ModalComponentProps } from '@/lib/modal-store';
import { useIdleStore } from '../idle-store';
import { useIdleTranslation } from '../i18n';

const secondsLeft = (deadline: number | null, now: number) =>
  deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
/** Screen readers hear the countdown at these marks only: every second would drown everything else. */
const announced = (seconds: number) => seconds % 15 === 0 || seconds === 10 || seconds === 5;

/**
 * The minute's warning before an idle sign-out (decision 0036). The countdown ticks on screen each second and is
 * announced politely every 15 seconds (then at 10 and 5); "Stay signed in" has the focus, so Enter keeps the session.
 */
export function IdleWarningModal(_props: ModalComponentProps<'idle-warning'>) {
  const { t } = useIdleTranslation();
  const deadline = useIdleStore((s) => s.deadline);
  const stay = useIdleStore((s) => s.stay);
  const signOut = useIdleStore((s) => s.signOut);
  const [now, setNow] = useState(() => Date.now());
  const [opened] = useState(() => secondsLeft(deadline, Date.now()));
  const [spoken, setSpoken] = useState(opened);

  useEffect(() => {
    const tick = setInterval(() => {
      const at = Date.now();
      setNow(at);
      const left = secondsLeft(deadline, at);
      if (announced(left)) setSpoken(left);
    }, 1000);
    return () => clearInterval(tick);
  }, [deadline]);

  const seconds = secondsLeft(deadline, now);
  return (
    <div>
      <DialogTitle>{t('warning.title')}</DialogTitle>
      {/* Read once with the title (the count when it opened); the ticking copy is for the eyes only. */}
      <DialogDescription>
        <span aria-hidden="true">{t('warning.countdown', { count: seconds })}</span>
        <span className="sr-only">{t('warning.countdown', { count: opened })}</span>
      </DialogDescription>
      <p className="sr-only" role="status" aria-live="polite">
        {t('warning.countdown', { count: spoken })}
      </p>
      <p className="mt-3 text-sm text-slate-700">{t('warning.why')}</p>
      <DialogActions>
        <Button variant="secondary" onClick={signOut}>
          {t('warning.signOut')}
        </Button>
        <Button onClick={stay} autoFocus>
          {t('warning.stay')}
        </Button>
      </DialogActions>
    </div>
  );
}
