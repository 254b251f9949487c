import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';

export interface PolicySection {
  title: string;
  paragraphs: string[];
}

/** Static policy text; the numbers in it (48 h, 2 and 3 reschedules) come from the contract constants. */
export function PolicyPage({
  title,
  lead,
  sections,
  aside,
}: {
  title: string;
  lead: string;
  sections: PolicySection[];
  aside?: ReactNode;
}) {
  const { t } = useTranslation('policy');
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-3 text-lg text-slate-700">{lead}</p>
      <Card className="mt-8">
        <div className="flex flex-col gap-8">
          {sections.map((section) => (
            <section key={section.title}>
              <h2 className="text-lg font-semibold text-slate-900">{section.title}</h2>
              {section.paragraphs.map((text) => (
                <p key={text} className="mt-2 text-slate-700">
                  {text}
                </p>
              ))}
            </section>
          ))}
        </div>
      </Card>
      {aside}
      <p className="mt-8 text-sm text-slate-700">
        {t('seeAlso')} <Link to="/policy/client-cancellation">{t('client.short')}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/policy/provider-cancellation">{t('provider.short')}</Link>
      </p>
    </div>
  );
}
