import { message } from '@therapy/contracts/messages';
import type { MessageKey } from '@therapy/contracts/messages';
import { profileImageRules } from '@therapy/contracts/profile';
import { ImagePlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { ButtonVariant } from '@/components/ui/button';
import { checkImageFile } from '@/lib/image-file';
import { currentLocale } from '@/lib/i18n';

interface ImageFilePickerProps {
  /** Called with an object URL of a file that passed the checks, and its type. */
  onAccepted: (src: string, type: string) => void;
  label: ReactNode;
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

/**
 * "New Image": a button that opens the file chooser, then the spec §5 checks in the browser (type, 10 MB,
 * 200x200 px). A refused file shows its message right under the button (role=alert).
 */
export function ImageFilePicker({ onAccepted, label, variant = 'secondary', fullWidth }: ImageFilePickerProps) {
  const { t } = useTranslation('picture');
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<MessageKey | null>(null);
  const [checking, setChecking] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setChecking(true);
    setError(null);
    const result = await checkImageFile(file);
    setChecking(false);
    if (input.current) input.current.value = '';
    if (result.ok) onAccepted(result.src, file.type);
    else setError(result.error);
  };

  return (
    <div className="flex flex-col gap-2">
      <input
        ref={input}
        type="file"
        accept={profileImageRules.accept.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="profile-image-input"
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <Button
        variant={variant}
        fullWidth={fullWidth}
        pending={checking}
        onClick={() => input.current?.click()}
        aria-describedby={undefined}
      >
        {!checking && <ImagePlus className="size-4" aria-hidden="true" />}
        {label}
      </Button>
      <p className="text-sm text-slate-600">{t('rules')}</p>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {message(error, currentLocale())}
        </p>
      )}
    </div>
  );
}
