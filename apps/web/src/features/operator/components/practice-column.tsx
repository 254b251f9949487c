import type { VerificationReview } from '@therapy/contracts/verification';
import { BriefcaseBusiness, Coins, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { formatMoney, formatMonth } from '@/lib/format';
import { referenceName } from '@/lib/reference-names-de';

/** The desk's left column: what the practice says about itself (profile, fees, work history). */
export function PracticeColumn({ review }: { review: VerificationReview }) {
  return (
    <>
      <ProfileCard review={review} />
      <FeesCard fees={review.fees} />
      <WorkHistoryCard entries={review.workHistory} />
    </>
  );
}

/** One term and its description in the desk's two-column lists; stacked on a phone. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function ProfileCard({ review }: { review: VerificationReview }) {
  const { t, i18n } = useTranslation('operator');
  const locale = i18n.resolvedLanguage ?? 'en';
  const { provider, profile } = review;
  const none = <span className="text-slate-600">{t('desk.notGiven')}</span>;
  const names = (list: 'therapy-category' | 'modality', items: Array<{ code: string; name: string }>) =>
    items.length ? items.map((x) => referenceName(list, x.code, x.name, locale)).join(', ') : none;
  return (
    <SectionCard icon={UserRound} title={t('desk.profile.title')}>
      <dl className="space-y-3">
        <Detail term={t('desk.profile.discipline')}>{profile.discipline ?? none}</Detail>
        <Detail term={t('desk.profile.headline')}>{provider.headline ?? none}</Detail>
        <Detail term={t('desk.profile.therapies')}>{names('therapy-category', provider.therapies)}</Detail>
        <Detail term={t('desk.profile.modalities')}>{names('modality', provider.modalities)}</Detail>
        <Detail term={t('desk.profile.bio')}>
          {profile.bio ? <span className="whitespace-pre-line">{profile.bio}</span> : none}
        </Detail>
      </dl>
    </SectionCard>
  );
}

function FeesCard({ fees }: { fees: VerificationReview['fees'] }) {
  const { t, i18n } = useTranslation('operator');
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <SectionCard icon={Coins} title={t('desk.fees.title')}>
      {fees.length === 0 ? (
        <p className="text-sm text-slate-700">{t('desk.fees.none')}</p>
      ) : (
        <dl className="space-y-3">
          {fees.map((fee) => (
            <Detail key={fee.therapy ?? ''} term={fee.therapy ?? t('desk.fees.general')}>
              {fee.isFree ? t('desk.fees.free') : formatMoney(fee.amount, fee.currencyCode, locale)}
            </Detail>
          ))}
        </dl>
      )}
    </SectionCard>
  );
}

function WorkHistoryCard({ entries }: { entries: VerificationReview['workHistory'] }) {
  const { t, i18n } = useTranslation('operator');
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <SectionCard icon={BriefcaseBusiness} title={t('desk.work.title')}>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-700">{t('desk.work.none')}</p>
      ) : (
        <ul className="space-y-4">
          {entries.map((entry) => (
            <li
              key={`${entry.companyName}|${entry.jobTitle}|${entry.startDate}`}
              className="border-l-2 border-slate-200 pl-3"
            >
              <p className="font-semibold break-words text-slate-900">
                {t('desk.work.role', { job: entry.jobTitle, company: entry.companyName })}
              </p>
              <p className="text-sm text-slate-700">
                {t('desk.work.period', {
                  from: formatMonth(entry.startDate, locale),
                  to:
                    entry.currentlyWorksHere || !entry.endDate
                      ? t('desk.work.present')
                      : formatMonth(entry.endDate, locale),
                })}
              </p>
              {entry.description && (
                <p className="mt-1 text-sm whitespace-pre-line break-words text-slate-700">{entry.description}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
