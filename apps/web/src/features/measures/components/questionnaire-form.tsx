import { answerScale, instruments, measureAnswers, type MeasureKind } from '@therapy/contracts/measures';
import { localize } from '@therapy/contracts/messages';
import { clsx } from 'clsx';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-error';
import { useMeasuresTranslation } from '../i18n';

/**
 * The questionnaire's items with their answer scale, checked with the server's own rule before sending: used by the
 * signed-in client's page and by the one-time link's page (decision 0053).
 */
export function QuestionnaireForm({
  kind,
  providerName,
  pending,
  onAnswers,
}: {
  kind: MeasureKind;
  providerName: string | null;
  pending: boolean;
  onAnswers: (answers: number[], onError: (error: unknown) => void) => void;
}) {
  const { t, locale } = useMeasuresTranslation();
  const instrument = instruments[kind];
  const [answers, setAnswers] = useState<Array<number | undefined>>(() => instrument.items.map(() => undefined));
  const [problem, setProblem] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const done = answers.filter((a) => a !== undefined).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    // The server's own rule, checked first here (an unanswered item leaves the list short: "Please answer all 9 questions").
    const given = answers.filter((a): a is number => a !== undefined);
    const parsed = measureAnswers(kind).safeParse({ answers: given });
    if (!parsed.success) {
      setProblem(localize(parsed.error.issues[0]!.message, locale));
      const first = answers.findIndex((a) => a === undefined);
      formRef.current?.querySelector<HTMLInputElement>(`[name="item-${Math.max(first, 0)}"]`)?.focus();
      return;
    }
    setProblem(null);
    onAnswers(parsed.data.answers, (err) => setProblem(errorMessage(err)));
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
      <p className="text-base font-medium text-slate-900">{instrument.stem[locale]}</p>
      <p className="text-sm text-slate-700" aria-live="polite">
        {t('fill.progress', { done, total: instrument.items.length })}
      </p>
      <ol className="space-y-4">
        {instrument.items.map((item, i) => {
          const missing = tried && answers[i] === undefined;
          return (
            <li key={i}>
              <Card className={clsx('p-4 sm:p-5', missing && 'ring-2 ring-red-600')}>
                <fieldset
                  aria-invalid={missing || undefined}
                  aria-describedby={missing ? `item-${i}-missing` : undefined}
                >
                  <legend className="text-base font-medium text-slate-900">
                    <span className="mr-1 text-slate-600">{i + 1}.</span>
                    {item[locale]}
                  </legend>
                  <div className="mt-3 grid gap-2 sm:grid-cols-2">
                    {answerScale.map((option) => (
                      <label
                        key={option.value}
                        className={clsx(
                          'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm ring-1 ring-inset',
                          answers[i] === option.value
                            ? 'bg-brand-50 font-medium text-brand-900 ring-brand-600'
                            : 'bg-white text-slate-900 ring-slate-300 hover:bg-slate-50',
                        )}
                      >
                        <input
                          type="radio"
                          name={`item-${i}`}
                          value={option.value}
                          checked={answers[i] === option.value}
                          onChange={() => setAnswers((prev) => prev.map((a, j) => (j === i ? option.value : a)))}
                          className="size-5 shrink-0 accent-brand-700"
                        />
                        {option[locale]}
                      </label>
                    ))}
                  </div>
                  {missing && (
                    <p id={`item-${i}-missing`} className="mt-2 text-sm font-medium text-red-700">
                      {t('fill.missing')}
                    </p>
                  )}
                </fieldset>
              </Card>
            </li>
          );
        })}
      </ol>
      {problem && <Alert tone="error">{problem}</Alert>}
      <p className="text-sm text-slate-700">{t('fill.privacy', { name: providerName ?? t('yourTherapist') })}</p>
      <Button type="submit" size="lg" fullWidth pending={pending}>
        {t('fill.submit')}
      </Button>
    </form>
  );
}
