import { LayoutTemplate } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { openModal } from '@/lib/modal-store';
import { useNotesTranslation } from '../i18n';

/** Issue 47: opens the provider's own note templates, beside "Add ... Note". */
export function TemplatesButton() {
  const { t } = useNotesTranslation();
  return (
    <Button variant="secondary" onClick={() => openModal('note-templates', {}, { size: 'md' })}>
      <LayoutTemplate className="size-4" aria-hidden="true" />
      {t('records.templatesButton')}
    </Button>
  );
}
