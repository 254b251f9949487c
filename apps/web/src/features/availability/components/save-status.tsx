import { localize } from '@therapy/contracts/messages';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '@/lib/i18n';

interface SaveStatusProps {
  /** Shown (and announced politely) after a successful save, until the form changes again. */
  saved: boolean;
  /** A form-level problem: the schema's message key or the server's text, shown in the page's language. */
  error?: string | null;
}

/**
 * The result of a save next to its button. The live regions are always in the page, so screen readers announce the
 * text when it appears (a region that is added together with its text is often not read).
 */
export function SaveStatus({ saved, error }: SaveStatusProps) {
  const { t, i18n } = useTranslation('availability');
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <div className="min-w-0">
      <p role="status" className="text-sm font-medium text-green-800">
        {saved && !error && (
          <span className="inline-flex items-center gap-1.5">
            <CircleCheck className="size-4" aria-hidden="true" />
            {t('saved')}
          </span>
        )}
      </p>
      <p role="alert" className="text-sm font-medium text-red-700">
        {error ? localize(error, locale) : null}
      </p>
    </div>
  );
}

/** Every message under one part of react-hook-form's error tree (a day: its own, its list's and its intervals'). */
export function errorMessages(error: unknown): string[] {
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'ref' || key === 'type' || key === 'types') continue;
      if (key === 'message') {
        if (typeof child === 'string' && child) found.push(child);
      } else visit(child);
    }
  };
  visit(error);
  return [...new Set(found)];
}
