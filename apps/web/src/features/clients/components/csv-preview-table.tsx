import type { CsvImportResult } from '@therapy/contracts/clients';
import { localize } from '@therapy/contracts/messages';
import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { useId } from 'react';
import { currentLocale } from '@/lib/i18n';
import { useClientsTranslation } from './clients-i18n';

type Row = CsvImportResult['rows'][number];

/**
 * The rows of a previewed file as the server read them, each with what is wrong with it (already in the request's
 * language; `localize` follows a later language switch). Scrolls sideways inside its own region on a phone.
 */
export function CsvPreviewTable({ rows }: { rows: Row[] }) {
  const { t } = useClientsTranslation();
  const captionId = useId();
  const locale = currentLocale();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
        <caption id={captionId} className="sr-only">
          {t('csv.tableLabel')}
        </caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('csv.row')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('csv.firstName')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('csv.lastName')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('csv.email')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('csv.phone')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('csv.problems')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const bad = row.errors.length > 0;
            return (
              <tr
                key={row.row}
                data-invalid={bad || undefined}
                className={clsx('border-t border-slate-200 align-top', bad && 'bg-red-50')}
              >
                <th
                  scope="row"
                  className={clsx(
                    'px-3 py-2 font-medium whitespace-nowrap',
                    bad ? 'border-l-4 border-l-red-700 text-red-900' : 'border-l-4 border-l-transparent text-slate-900',
                  )}
                >
                  {row.row}
                  {bad && <span className="sr-only"> {t('csv.rowHasErrors', { row: row.row })}</span>}
                </th>
                <td className="px-3 py-2 break-words text-slate-900">{row.firstName}</td>
                <td className="px-3 py-2 break-words text-slate-900">{row.lastName}</td>
                <td className="px-3 py-2 break-all text-slate-900">{row.email}</td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-900">{row.phoneNumber}</td>
                <td className="px-3 py-2">
                  {bad ? (
                    <ul className="flex flex-col gap-1">
                      {row.errors.map((error) => (
                        <li key={error} className="flex items-start gap-1.5 font-medium text-red-800">
                          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                          <span>{localize(error, locale)}</span>
                        </li>
                      ))}
                    </ul>
                  ) : row.alreadyInList ? (
                    <span className="inline-flex items-center gap-1.5 text-slate-700">
                      <Info aria-hidden="true" className="size-4 shrink-0" />
                      {t('csv.alreadyInList')}
                    </span>
                  ) : (
                    <span className="inline-flex items-center gap-1.5 text-emerald-800">
                      <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
                      {t('csv.ok')}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
