import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { ContactForm } from '../components/contact-form';

/** /contact (issue 49, spec §5 "Contact form"): public, rendered on the server like the legal pages. */
export function ContactRoute() {
  const { t } = useTranslation('contact');
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('form.title')} lead={t('form.lead')} />
      <ContactForm />
    </div>
  );
}
