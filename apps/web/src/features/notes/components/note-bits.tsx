import { localize, message, type MessageKey } from '@therapy/contracts/messages';
import { noteFileExtensions, type NoteType } from '@therapy/contracts/notes';
import { CheckCircle2 } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FilePicker } from '@/components/ui/file-picker';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth-store';
import { dateFormatter } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useNotesTranslation } from '../i18n';

/** The `accept` list of a kind of note's file input: ".doc,.pdf,...". */
export const noteFileAccept = (type: NoteType) => noteFileExtensions[type].map((e) => `.${e}`).join(',');

/** A text's length as the server counts it (code points, so an emoji is one). */
export const codePointLength = (text: string) => [...text].length;

/** The viewer's zone: their profile's, else the browser's. */
export function useViewerZone(): string {
  const zone = useAuthStore((s) => s.user?.timezone);
  return zone || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "Jun 8, 2026, 9:00 AM" (en) or "08.06.2026, 09:00" (de) in `timeZone`. */
export function formatInstant(iso: string, locale: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormatter(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** The server's message in the page's language, or the catalogue's text for `fallback` when it sent none. */
export function serverText(text: string | undefined, fallback: MessageKey): string {
  const locale = currentLocale();
  return text ? localize(text, locale) : message(fallback, locale);
}

/** A short name of the browser and system in a user agent ("Firefox on Windows"), or the agent itself. */
export function describeBrowser(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (!browser) return userAgent;
  return system ? `${browser} · ${system}` : browser;
}

/** A modal's loading state: the title stays for screen readers, a spinner and a status line. */
export function ModalLoading({ title, label }: { title: string; label: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-brand-700">
      <DialogTitle className="sr-only">{title}</DialogTitle>
      <Spinner size="lg" />
      <span role="status" className="text-sm text-slate-700">
        {label}
      </span>
    </div>
  );
}

/**
 * The success step of a note modal ("Note Successfully Added"...): announced politely, then "Done" (the dialog's own
 * corner button is already "Close").
 */
export function SuccessScreen({
  title,
  children,
  onClose,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
}) {
  const { t } = useNotesTranslation();
  return (
    <div className="text-center">
      <CheckCircle2 className="mx-auto mb-3 size-10 text-brand-700" aria-hidden="true" />
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription asChild>
        <div role="status" aria-live="polite" className="mt-2 text-slate-700">
          {children}
        </div>
      </DialogDescription>
      <DialogActions className="justify-center">
        <Button autoFocus onClick={onClose}>
          {t('done')}
        </Button>
      </DialogActions>
    </div>
  );
}

/** The shared file picker for one note file. */
export function NoteFilePicker({
  onPick,
  ...rest
}: Omit<ComponentProps<typeof FilePicker>, 'onPick' | 'multiple'> & { onPick: (file: File) => void }) {
  return <FilePicker {...rest} onPick={(files) => onPick(files[0]!)} />;
}
