import { instruments, type Measure, type MeasureKind, type Severity } from '@therapy/contracts/measures';
import { useId } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dateFormatter } from '@/lib/format';
import { useMeasuresTranslation } from '../i18n';

/** The highest score of each questionnaire: nine (seven) items of at most 3. */
export const maxScore = (kind: MeasureKind) => instruments[kind].items.length * 3;

/** Band fills from calm to alarming; the line and dots stay dark so they read on every band. */
const bandFill: Record<Severity, string> = {
  minimal: '#dcfce7',
  mild: '#fef9c3',
  moderate: '#fde68a',
  'moderately-severe': '#fed7aa',
  severe: '#fecaca',
};

/** The severity bands as ranges of scores, lowest first. */
export function bandsOf(kind: MeasureKind): Array<{ severity: Severity; from: number; to: number }> {
  const bands = [...instruments[kind].bands].reverse();
  return bands.map((b, i) => ({
    severity: b.severity,
    from: b.from,
    to: i + 1 < bands.length ? bands[i + 1]!.from - 1 : maxScore(kind),
  }));
}

/**
 * One questionnaire's scores over time (issue 20): a line over the severity bands for the eye, and the same scores as
 * a table for everyone (a screen reader reads the table; the drawing is hidden from it).
 */
export function MeasureChart({ kind, measures }: { kind: MeasureKind; measures: Measure[] }) {
  const { t, locale } = useMeasuresTranslation();
  const captionId = useId();
  const answered = measures
    .filter((m) => m.result && m.answeredAt)
    .sort((a, b) => Date.parse(a.answeredAt!) - Date.parse(b.answeredAt!));
  const day = dateFormatter(locale, { day: 'numeric', month: 'short' });
  const full = dateFormatter(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const points = answered.map((m) => ({ label: day.format(new Date(m.answeredAt!)), score: m.result!.score }));
  const top = maxScore(kind);
  const name = t(`kind.${kind}`);

  return (
    <figure className="space-y-4" aria-labelledby={captionId}>
      <figcaption id={captionId} className="text-sm font-medium text-slate-800">
        {t('chart.caption', { name, count: answered.length })}
      </figcaption>
      {/* The table below carries the same scores for keyboards and screen readers: the drawing is not in the way. */}
      <div aria-hidden="true" inert className="h-56 w-full min-w-0 sm:h-64" data-testid={`measure-chart-${kind}`}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 4, left: -18 }}>
            {bandsOf(kind).map((b) => (
              <ReferenceArea
                key={b.severity}
                y1={b.from}
                y2={b.to + 1 > top ? top : b.to + 1}
                fill={bandFill[b.severity]}
                fillOpacity={1}
                ifOverflow="hidden"
              />
            ))}
            <CartesianGrid stroke="#cbd5e1" strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#334155' }} />
            <YAxis
              domain={[0, top]}
              ticks={[...bandsOf(kind).map((b) => b.from), top]}
              allowDecimals={false}
              tick={{ fontSize: 12, fill: '#334155' }}
            />
            <Tooltip formatter={(value) => [value, t('table.score')]} />
            <Line
              type="monotone"
              dataKey="score"
              stroke="#1e3a8a"
              strokeWidth={2}
              dot={{ r: 4, fill: '#1e3a8a' }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ul className="flex flex-wrap gap-2 text-xs text-slate-800" aria-label={t('chart.bands')}>
        {bandsOf(kind).map((b) => (
          <li key={b.severity} className="inline-flex items-center gap-1.5">
            <span
              className="size-3 rounded-sm ring-1 ring-slate-300"
              style={{ backgroundColor: bandFill[b.severity] }}
              aria-hidden="true"
            />
            {t(`severity.${b.severity}`)} {b.from}–{b.to}
          </li>
        ))}
      </ul>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[16rem] text-left text-sm">
          <caption className="sr-only">{t('table.caption', { name })}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('table.date')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('table.score')}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t('table.severity')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...answered].reverse().map((m) => (
              <tr key={m.identifier} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-2 pr-3 font-normal text-slate-900">
                  {full.format(new Date(m.answeredAt!))}
                </th>
                <td className="py-2 pr-3 text-slate-900">{t('table.scoreOf', { score: m.result!.score, max: top })}</td>
                <td className="py-2 text-slate-900">{t(`severity.${m.result!.severity}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
