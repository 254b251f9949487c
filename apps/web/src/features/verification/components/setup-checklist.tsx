import { setupStepPaths, type SetupStepKey } from '@therapy/contracts/practice-setup';
import type { SetupStepState } from '@therapy/contracts/verification';
import { clsx } from 'clsx';
import { CheckCircle2, ChevronRight, Circle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The set-up checklist: progress ("3 of 7") and each step as a link to where it is completed. */
export function SetupChecklist({ steps, compact = false }: { steps: readonly SetupStepState[]; compact?: boolean }) {
  const { t } = useTranslation('verification');
  const labelId = useId();
  const done = steps.filter((s) => s.complete).length;
  const percent = steps.length ? Math.round((done / steps.length) * 100) : 0;
  return (
    <div>
      <p className="text-sm font-medium text-slate-800" id={labelId}>
        {t('checklist.progress', { done, total: steps.length })}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={done}
        aria-valuetext={t('checklist.progress', { done, total: steps.length })}
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <ul className={clsx('mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200', compact && 'text-sm')}>
        {steps.map((step) => (
          <li key={step.key}>
            <Link
              to={setupStepPaths[step.key]}
              className="group flex items-center gap-3 px-4 py-3 text-slate-900 no-underline! hover:bg-slate-50"
            >
              {step.complete ? (
                <CheckCircle2 className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
              ) : (
                <Circle className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
              )}
              <span className="min-w-0 flex-1">
                <span className="block font-medium break-words">{t(`steps.${step.key satisfies SetupStepKey}`)}</span>
                <span className={clsx('block text-sm', step.complete ? 'text-emerald-800' : 'text-slate-700')}>
                  {step.complete ? t('checklist.complete') : t('checklist.todo')}
                </span>
              </span>
              <ChevronRight
                className="size-5 shrink-0 text-slate-500 transition-transform group-hover:translate-x-0.5"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
      {/* Not needed to submit, but clients see it on the public page (issue 47: no page linked to it). */}
      <p className="mt-4 text-sm font-medium text-slate-800">{t('checklist.optional')}</p>
      <ul className={clsx('mt-2 rounded-xl border border-slate-200', compact && 'text-sm')}>
        <li>
          <Link
            to="/practice/work-history"
            className="group flex items-center gap-3 px-4 py-3 text-slate-900 no-underline! hover:bg-slate-50"
          >
            <Circle className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium break-words">{t('checklist.workHistory')}</span>
              <span className="block text-sm text-slate-700">{t('checklist.workHistoryHint')}</span>
            </span>
            <ChevronRight
              className="size-5 shrink-0 text-slate-500 transition-transform group-hover:translate-x-0.5"
              aria-hidden="true"
            />
          </Link>
        </li>
      </ul>
    </div>
  );
}
