import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, HeartHandshake, ShieldCheck, Video } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { appConfigQuery } from '@/lib/app-config';
import { useAuthStore } from '@/lib/auth-store';
import { loadNamespaces } from '@/lib/i18n';
import { useHydrated } from '@/lib/use-hydrated';

// Behind the `therapist_listing_on_homepage` flag: its code, its words and the state list load only when the flag is on.
const HomeListing = lazy(async () => {
  const [mod] = await Promise.all([import('../components/home-listing'), loadNamespaces(['home-listing'])]);
  return { default: mod.HomeListing };
});

export function LandingRoute() {
  const { t } = useTranslation('landing');
  const signedIn = useAuthStore((s) => s.status === 'authenticated');
  const listing =
    useQuery({ ...appConfigQuery, select: (config) => config.flags.therapist_listing_on_homepage === true }).data ===
    true;
  // After hydration: the listing starts from the state remembered on this device, which the server cannot know.
  const hydrated = useHydrated();

  const features = [
    { icon: ShieldCheck, title: t('features.verified.title'), body: t('features.verified.body') },
    { icon: Video, title: t('features.flexible.title'), body: t('features.flexible.body') },
    { icon: CalendarCheck, title: t('features.booking.title'), body: t('features.booking.body') },
  ];

  return (
    <>
      <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-100">
              <HeartHandshake className="size-4" aria-hidden="true" />
              {t('hero.eyebrow')}
            </p>
            <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              {t('hero.title')}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-700">{t('hero.lead')}</p>
            <div className="mt-8">
              <Link to="/therapists" className={buttonClasses({ size: 'lg' })}>
                {t('hero.findTherapist')}
              </Link>
            </div>
            {signedIn ? (
              <div className="mt-4">
                <Link to="/overview" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
                  {t('hero.toDashboard')}
                </Link>
              </div>
            ) : (
              <>
                <div className="mt-4 flex flex-col gap-3 sm:flex-row">
                  <Link to="/register/client" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
                    {t('hero.signUpClient')}
                  </Link>
                  <Link to="/register/provider" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
                    {t('hero.signUpProvider')}
                  </Link>
                </div>
                <p className="mt-5 text-sm text-slate-700">
                  {t('hero.haveAccount')} <Link to="/login">{t('hero.signIn')}</Link>
                </p>
              </>
            )}
          </div>
          <div aria-hidden="true" className="hidden lg:block">
            <div className="relative mx-auto aspect-square max-w-sm rounded-[2.5rem] bg-gradient-to-br from-brand-100 to-white p-8 shadow-sm ring-1 ring-brand-100">
              <div className="absolute -left-6 top-10 rounded-2xl bg-white p-4 shadow-md">
                <CalendarCheck className="size-8 text-brand-700" />
              </div>
              <div className="absolute -right-4 bottom-12 rounded-2xl bg-white p-4 shadow-md">
                <ShieldCheck className="size-8 text-brand-700" />
              </div>
              <HeartHandshake className="size-full text-brand-600/40" strokeWidth={1} />
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="features-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('features.title')}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {features.map(({ icon: Icon, title, body }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-700">{body}</p>
            </li>
          ))}
        </ul>
      </section>

      {listing && hydrated && (
        <Suspense fallback={null}>
          <HomeListing />
        </Suspense>
      )}

      <section aria-labelledby="providers-title" className="mx-auto max-w-6xl px-4 pb-4 sm:px-6">
        <div className="flex flex-col gap-6 rounded-3xl bg-brand-800 px-6 py-10 text-white sm:px-10 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="providers-title" className="text-2xl font-bold tracking-tight">
              {t('providers.title')}
            </h2>
            <p className="mt-3 text-brand-50">{t('providers.body')}</p>
          </div>
          <Link
            to="/register/provider"
            className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'shrink-0' })}
          >
            {t('providers.cta')}
          </Link>
        </div>
      </section>
    </>
  );
}
