import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';

/** One record of the privacy policy's "what we store" list: a definition list reads well on a 375 px phone. */
export interface LegalRecord {
  name: string;
  what: string;
  why: string;
  kept: string;
}

export interface LegalSection {
  /** Anchor of the section (table of contents, links such as /privacy#rights). */
  id: string;
  title: string;
  paragraphs: string[];
  items?: string[];
  records?: LegalRecord[];
  after?: string;
  link?: { to: string; label: string };
}

/** Terms of use and privacy policy: a heading per section, a table of contents with anchors, text from locales. */
export function LegalPage({ title, lead, sections }: { title: string; lead: string; sections: LegalSection[] }) {
  const { t } = useTranslation('legal');
  const tocId = useId();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('updated')}</p>
      <p className="mt-3 text-lg text-slate-700">{lead}</p>
      <nav aria-labelledby={tocId} className="mt-6 rounded-xl border border-slate-200 bg-slate-50 px-4 py-4 sm:px-6">
        <h2 id={tocId} className="text-base font-semibold text-slate-900">
          {t('contents')}
        </h2>
        <ol className="mt-2 flex flex-col gap-1.5">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="inline-block py-0.5">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <Card className="mt-8">
        <div className="flex flex-col gap-8">
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-lg font-semibold text-slate-900">
                {section.title}
              </h2>
              {section.paragraphs.map((text) => (
                <p key={text} className="mt-2 text-slate-700">
                  {text}
                </p>
              ))}
              {section.items && (
                <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {section.records && (
                <div className="mt-4 flex flex-col gap-4">
                  {section.records.map((record) => (
                    <div key={record.name} className="rounded-lg border border-slate-200 p-4">
                      <h3 className="font-semibold text-slate-900">{record.name}</h3>
                      <dl className="mt-2 grid gap-x-4 gap-y-1 text-slate-700 sm:grid-cols-[10rem_1fr]">
                        <dt className="font-medium text-slate-900">{t('record.what')}</dt>
                        <dd className="mb-2 sm:mb-0">{record.what}</dd>
                        <dt className="font-medium text-slate-900">{t('record.why')}</dt>
                        <dd className="mb-2 sm:mb-0">{record.why}</dd>
                        <dt className="font-medium text-slate-900">{t('record.kept')}</dt>
                        <dd>{record.kept}</dd>
                      </dl>
                    </div>
                  ))}
                </div>
              )}
              {section.after && <p className="mt-2 text-slate-700">{section.after}</p>}
              {section.link && (
                <p className="mt-2">
                  <Link to={section.link.to}>{section.link.label}</Link>
                </p>
              )}
            </section>
          ))}
        </div>
      </Card>
      <p className="mt-8 text-sm text-slate-700">
        {t('seeAlso')} <Link to="/terms">{t('terms.short')}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/privacy">{t('privacy.short')}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/policy/client-cancellation">{t('clientPolicy')}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/policy/provider-cancellation">{t('providerPolicy')}</Link>
      </p>
    </div>
  );
}
