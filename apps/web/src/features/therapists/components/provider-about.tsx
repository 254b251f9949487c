import type { TherapistProfile } from '@therapy/contracts/directory';
import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { formatMoney } from '@/lib/format';
import { referenceName } from '@/lib/reference-names-de';
import { languageName } from '@/lib/regions';
import { therapistProfileQuery } from '../api/therapist-profile-query';

/**
 * What a client weighs before booking (issue 16): rating, the fee of each therapy (issue 48), the US states the therapist is licensed in, the
 * session formats and (for in-person sessions) the office address, the specialities, education, work history (issue
 * 47) and the bio. Server-rendered with the page (the text is what search engines and link previews read);
 * a provider who is not listed has no such section.
 */
export function ProviderAbout({ providerId }: { providerId: string }) {
  const profile = useQuery(therapistProfileQuery(providerId));
  if (!profile.data) return null;
  return <AboutCard profile={profile.data} />;
}

/** "March 2015" / "März 2015" from the work history's "2015-03". */
function monthYear(value: string, locale: 'en' | 'de'): string {
  const [year, month] = value.split('-').map(Number);
  if (!year || !month) return value;
  return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}

function AboutCard({ profile }: { profile: TherapistProfile }) {
  const { t, i18n } = useTranslation('therapists');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const headingId = useId();
  const number = (n: number) => n.toLocaleString(locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 });
  const price = (fee: TherapistProfile['prices'][number]['fee']) =>
    fee.isFree || fee.amount === 0 ? t('about.free') : formatMoney(fee.amount, fee.currencyCode, locale);
  const fact = 'flex flex-col gap-0.5';
  const term = 'text-sm font-medium text-slate-600';
  return (
    <Card className="mt-6 sm:mt-8">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('about.title')}
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className={fact}>
            <dt className={term}>{t('about.rating')}</dt>
            <dd className="flex items-center gap-1 text-slate-900">
              <Star aria-hidden className="size-4 fill-amber-400 text-amber-500" />
              {profile.rating.average === null ? (
                t('about.noReviews')
              ) : (
                <a href="#reviews">
                  {t('about.ratingValue', { value: number(profile.rating.average), count: profile.rating.count })}
                </a>
              )}
            </dd>
          </div>
          {profile.prices.length > 0 && (
            <div className={fact}>
              <dt className={term}>{t('about.fee')}</dt>
              {/* Each therapy at what booking it is charged (issue 48); the session type does not change it. */}
              <dd className="text-slate-900" data-testid="profile-prices">
                {profile.prices.length === 1 && profile.therapies.length === 1 ? (
                  <span className="font-semibold">{price(profile.prices[0]!.fee)}</span>
                ) : (
                  <ul className="flex flex-col gap-0.5">
                    {profile.prices.map((p) => (
                      <li key={p.therapy.identifier}>
                        {t('about.feeOf', {
                          therapy: referenceName('therapy-category', p.therapy.code, p.therapy.name, locale),
                          amount: price(p.fee),
                        })}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          )}
          <div className={fact}>
            <dt className={term}>{t('about.licensed')}</dt>
            <dd className="text-slate-900">
              {profile.licenceStates.length > 0
                ? profile.licenceStates.map((s) => s.name).join(', ')
                : t('about.notLicensedUs')}
            </dd>
          </div>
          {profile.modalities.length > 0 && (
            <div className={fact}>
              <dt className={term}>{t('about.formats')}</dt>
              <dd className="text-slate-900">
                {profile.modalities.map((m) => referenceName('modality', m.code, m.name, locale)).join(', ')}
              </dd>
            </div>
          )}
          {profile.officeAddress && (
            <div className={fact}>
              <dt className={term}>{t('about.office')}</dt>
              <dd className="whitespace-pre-line break-words text-slate-900">{profile.officeAddress}</dd>
            </div>
          )}
          {profile.languages.length > 0 && (
            <div className={fact}>
              <dt className={term}>{t('about.languages')}</dt>
              <dd className="text-slate-900">
                {profile.languages.map((l) => languageName(l.code, locale, l.name)).join(', ')}
              </dd>
            </div>
          )}
        </dl>
        {profile.specialities.length > 0 && (
          <>
            <h3 className="mt-6 text-base font-semibold text-slate-900">{t('about.specialities')}</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {profile.specialities.map((s) => (
                <li
                  key={s.identifier}
                  className="rounded-full border border-slate-200 bg-slate-50 px-3 py-1 text-sm text-slate-800"
                >
                  {referenceName('speciality', s.code, s.name, locale)}
                </li>
              ))}
            </ul>
          </>
        )}
        {profile.education.length > 0 && (
          <>
            <h3 className="mt-6 text-base font-semibold text-slate-900">{t('about.education')}</h3>
            <ul className="mt-2 list-disc pl-5 text-slate-800">
              {profile.education.map((e, i) => (
                <li key={i} className="break-words">
                  {e.title}
                </li>
              ))}
            </ul>
          </>
        )}
        {profile.workHistory.length > 0 && (
          <>
            <h3 className="mt-6 text-base font-semibold text-slate-900">{t('about.workHistory')}</h3>
            <ul className="mt-2 flex flex-col gap-3">
              {profile.workHistory.map((job, i) => (
                <li key={i} className="break-words">
                  <p className="font-medium text-slate-900">{t('about.position', job)}</p>
                  <p className="text-sm text-slate-600">
                    {t('about.period', {
                      start: monthYear(job.startDate, locale),
                      end: job.currentlyWorksHere || !job.endDate ? t('about.today') : monthYear(job.endDate, locale),
                    })}
                  </p>
                  {job.description && <p className="mt-1 whitespace-pre-line text-slate-800">{job.description}</p>}
                </li>
              ))}
            </ul>
          </>
        )}
        <h3 className="mt-6 text-base font-semibold text-slate-900">{t('about.bio')}</h3>
        {profile.bio ? (
          <p className="mt-2 whitespace-pre-line break-words text-slate-800">{profile.bio}</p>
        ) : (
          <p className="mt-2 text-slate-600">{t('about.noBio')}</p>
        )}
      </section>
    </Card>
  );
}
