import type { ReviewDocument } from '@therapy/contracts/practice-setup';
import type { ReviewLicenseState, VerificationReview } from '@therapy/contracts/verification';
import { FileText, History, MapPinned, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { formatDateTime, formatDay } from '@/lib/format';
import { Badge, ReviewBadge } from './badges';
import { DocumentFiles } from './document-files';
import { Detail } from './practice-column';

/** A document expiring within this many days is flagged, as the provider's reminder mails are (issue 45). */
const EXPIRES_SOON_DAYS = 30;

function daysUntil(date: string, now: Date): number {
  const [year, mon, day] = date.split('-').map(Number) as [number, number, number];
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((Date.UTC(year, mon - 1, day) - today) / 86_400_000);
}

/** The desk's right column: each claimed state with its licences, the other documents, licences that name no claimed state. */
export function VerificationColumn({ review }: { review: VerificationReview }) {
  const byId = new Map(review.documents.map((d) => [d.identifier, d]));
  const placed = new Set([...review.licenseStates.flatMap((s) => s.licences), ...review.unassignedLicences]);
  // A licence for a state the practice no longer claims is in neither list: it is shown with the unassigned ones.
  const elsewhere = review.documents.filter((d) => d.kind === 'license' && !placed.has(d.identifier));
  const unassigned = [
    ...review.unassignedLicences.flatMap((id) => {
      const doc = byId.get(id);
      return doc ? [doc] : [];
    }),
    ...elsewhere,
  ];
  const others = review.documents.filter((d) => d.kind !== 'license');
  return (
    <>
      <LicenceStatesCard states={review.licenseStates} byId={byId} />
      <DocumentsCard documents={others} />
      {unassigned.length > 0 && <UnassignedCard licences={unassigned} />}
    </>
  );
}

function LicenceStatesCard({ states, byId }: { states: ReviewLicenseState[]; byId: Map<string, ReviewDocument> }) {
  const { t } = useTranslation('operator');
  return (
    <SectionCard icon={MapPinned} title={t('desk.states.title')} description={t('desk.states.hint')}>
      {states.length === 0 ? (
        <p className="text-sm text-slate-700">{t('desk.states.none')}</p>
      ) : (
        <ul className="space-y-4">
          {states.map((state) => {
            const licences = state.licences.flatMap((id) => {
              const doc = byId.get(id);
              return doc ? [doc] : [];
            });
            return (
              <li key={state.identifier} className="rounded-xl border border-slate-200 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="min-w-0 font-semibold break-words text-slate-900">
                    {t('desk.states.name', { name: state.name, code: state.code })}
                  </h3>
                  <span className="flex flex-wrap gap-1.5">
                    <ReviewBadge review={state.review} />
                    <Badge tone={state.listed ? 'good' : 'neutral'}>
                      {state.listed ? t('desk.states.listed') : t('desk.states.notListed')}
                    </Badge>
                  </span>
                </div>
                {licences.length === 0 ? (
                  <p className="mt-3 flex items-start gap-2 text-sm text-amber-900">
                    <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    {t('desk.states.noLicence')}
                  </p>
                ) : (
                  <ul className="mt-3 space-y-3">
                    {licences.map((doc) => (
                      <li key={doc.identifier} className="rounded-lg bg-slate-50 p-3">
                        <DocumentItem doc={doc} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}

function DocumentsCard({ documents }: { documents: ReviewDocument[] }) {
  const { t } = useTranslation('operator');
  return (
    <SectionCard icon={FileText} title={t('review.documents')} description={t('desk.documents.hint')}>
      {documents.length === 0 ? (
        <p className="text-sm text-slate-700">{t('review.noDocuments')}</p>
      ) : (
        <ul className="space-y-3">
          {documents.map((doc) => (
            <li key={doc.identifier} className="rounded-xl border border-slate-200 p-4">
              <DocumentItem doc={doc} />
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function UnassignedCard({ licences }: { licences: ReviewDocument[] }) {
  const { t } = useTranslation('operator');
  return (
    <SectionCard icon={TriangleAlert} title={t('desk.unassigned.title')} description={t('desk.unassigned.hint')}>
      <ul className="space-y-3">
        {licences.map((doc) => (
          <li key={doc.identifier} className="rounded-xl border border-slate-200 p-4">
            <DocumentItem doc={doc} />
            {doc.stateIdentifier && <p className="mt-2 text-sm text-slate-700">{t('desk.unassigned.otherState')}</p>}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

/** One document: what it is, where its review stands, its details (licence number, board, expiry) and its files. */
function DocumentItem({ doc }: { doc: ReviewDocument }) {
  const { t, i18n } = useTranslation('operator');
  const locale = i18n.resolvedLanguage ?? 'en';
  const licence = doc.kind === 'license';
  const soon =
    doc.review === 'approved' && doc.expiresOn !== null && daysUntil(doc.expiresOn, new Date()) <= EXPIRES_SOON_DAYS;
  const expires = licence || doc.kind === 'insurance';
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-semibold break-words text-slate-900">
          {licence ? t('kinds.license') : t('desk.documents.name', { kind: t(`kinds.${doc.kind}`), title: doc.title })}
        </p>
        <span className="flex flex-wrap gap-1.5">
          <ReviewBadge review={doc.review} />
          {soon && <Badge tone="waiting">{t('desk.documents.expiresSoon')}</Badge>}
        </span>
      </div>
      {(licence || expires) && (
        <dl className="mt-2 space-y-1.5">
          {licence && <Detail term={t('desk.documents.number')}>{doc.credentialNumber ?? t('desk.notGiven')}</Detail>}
          {licence && <Detail term={t('desk.documents.board')}>{doc.body ?? t('desk.notGiven')}</Detail>}
          {expires && (
            <Detail term={t('desk.documents.expires')}>
              {doc.expiresOn ? formatDay(doc.expiresOn, locale) : t('desk.documents.noExpiry')}
            </Detail>
          )}
        </dl>
      )}
      <DocumentFiles files={doc.files} />
    </>
  );
}

/** The decisions on this practice so far and their notes, oldest first (it grows at the end). */
export function HistoryCard({ history }: { history: VerificationReview['history'] }) {
  const { t, i18n } = useTranslation('operator');
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <SectionCard icon={History} title={t('desk.history.title')} description={t('desk.history.hint')}>
      {history.length === 0 ? (
        <p className="text-sm text-slate-700">{t('desk.history.none')}</p>
      ) : (
        <ol className="space-y-3" aria-label={t('desk.history.title')}>
          {history.map((item) => (
            <li key={`${item.kind}|${item.at}`} className="border-l-2 border-slate-300 pl-3">
              <p className="font-semibold text-slate-900">{t(`desk.history.kind.${item.kind}`)}</p>
              <p className="text-sm text-slate-700">
                {t('desk.history.by', {
                  who: item.operator ?? t('desk.history.unknownOperator'),
                  when: formatDateTime(item.at, locale),
                })}
              </p>
              {item.note && (
                <p className="mt-1 rounded-lg bg-slate-50 px-3 py-2 text-sm whitespace-pre-line break-words text-slate-900">
                  {item.note}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
