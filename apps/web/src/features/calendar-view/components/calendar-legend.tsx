import { useTranslation } from 'react-i18next';
import { kindClass, legendKinds } from './event-kinds';

/** What each look means: a swatch in the event's own style, and its name (not colour alone). */
export function CalendarLegend() {
  const { t } = useTranslation('calendar-view');
  return (
    <div className="cv-calendar">
      <h2 className="sr-only">{t('legend.title')}</h2>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-800" aria-label={t('legend.title')}>
        {legendKinds.map((kind) => (
          <li key={kind} className="flex items-center gap-2">
            <span aria-hidden="true" className={`${kindClass[kind]} inline-block h-4 w-6 rounded-sm`} />
            <span>
              <span className="font-medium">{t(`kinds.${kind}`)}</span>
              <span className="text-slate-700"> – {t(`legend.${kind}`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
