import { useTranslation } from 'react-i18next';
import { Spinner } from './ui/spinner';

/** Loading state for a whole page or section; announced once through role=status. */
export function PageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-brand-700">
      <Spinner size="lg" label={label ?? t('ui.loading')} />
    </div>
  );
}
